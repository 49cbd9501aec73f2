import { describe, expect, it } from 'vitest';
import { errorCodeStatus, errorCodes, isErrorCode } from './error-codes';

describe('error codes', () => {
  it('are snake_case, each with one 4xx or 5xx status', () => {
    expect(errorCodes.length).toBeGreaterThan(50);
    for (const code of errorCodes) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(errorCodeStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorCodeStatus[code]).toBeLessThan(600);
    }
  });

  it('recognises only listed codes', () => {
    expect(isErrorCode('invalid_credentials')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
