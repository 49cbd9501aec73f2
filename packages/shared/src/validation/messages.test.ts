import { describe, expect, it } from 'vitest';
import { isValidationMessageCode, validationMessageText } from './messages';

describe('validationMessageText', () => {
  it('turns a code into its English text and leaves other text alone', () => {
    expect(validationMessageText('passwordsDoNotMatch')).toBe('Passwords do not match');
    expect(validationMessageText('Invalid input')).toBe('Invalid input');
    expect(isValidationMessageCode('toString')).toBe(false);
  });
});
