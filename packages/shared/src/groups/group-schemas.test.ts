import { describe, expect, it } from 'vitest';
import { groupCardSchema, mentionsAssistant, sendGroupMessageSchema } from './group-schemas';

describe('mentionsAssistant', () => {
  it('finds @vowa in any case, anywhere, but not inside a longer name', () => {
    for (const text of ['@vowa flights?', 'hey @Vowa!', 'what do you think,@VOWA', '@vowa']) {
      expect(mentionsAssistant(text), text).toBe(true);
    }
    for (const text of ['vowa, flights?', '@vowabot hi', '@vowa_fan', '@vowaß', 'no mention']) {
      expect(mentionsAssistant(text), text).toBe(false);
    }
  });
});

describe('group schemas', () => {
  it('trims messages and requires a UUID client id', () => {
    const id = '7b0c8f3e-4d1a-4f6b-9a2e-3c5d7e9f1a2b';
    expect(sendGroupMessageSchema.parse({ content: '  hi  ', client_id: id })).toEqual({
      content: 'hi',
      client_id: id,
    });
    expect(sendGroupMessageSchema.safeParse({ content: 'hi', client_id: 'x' }).success).toBe(false);
    expect(sendGroupMessageSchema.safeParse({ content: ' ', client_id: id }).success).toBe(false);
  });

  it('reads each kind of card', () => {
    for (const card of [
      { type: 'member_joined', userId: 'u', name: 'Ada' },
      { type: 'renamed', name: 'Porto' },
      {
        type: 'plan_booked',
        bookingId: 'b',
        reference: 'R',
        total: { amount: 1, currency: 'EUR' },
        memberCount: 2,
      },
      {
        type: 'pick',
        pickId: 'p',
        slot: 'hotel',
        marker: 'selected',
        title: 'Hotel',
        price: null,
      },
    ]) {
      expect(groupCardSchema.parse(card)).toEqual(card);
    }
    expect(groupCardSchema.safeParse({ type: 'renamed' }).success).toBe(false);
  });
});
