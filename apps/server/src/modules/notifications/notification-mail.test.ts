import { describe, expect, it } from 'vitest';
import { notificationMessage } from './notification-mail';
import { notificationTexts } from './notification-texts';
import { languages } from '@vowa/shared/settings/settings-constants';

describe('notificationMessage', () => {
  const content = {
    subject: 'Paris <is> cheaper',
    intro: 'A trip you watch got cheaper:',
    sections: [{ lines: ['Paris: $1,200 → $980', 'Rome: $900 → $850'] }, { lines: ['Enjoy'] }],
    action: { label: 'See the trip', url: 'https://vowa.example/travel/suggestions' },
  };

  it('has a plain-text and an HTML part, the reason it was sent and the manage link', () => {
    const message = notificationMessage(
      'ada@example.com',
      'en',
      'priceDropAlerts',
      content,
      'https://vowa.example/settings',
    );
    expect(message.to).toBe('ada@example.com');
    expect(message.subject).toBe('Paris <is> cheaper');
    expect(message.text).toContain('- Paris: $1,200 → $980\n- Rome: $900 → $850');
    expect(message.text).toContain('See the trip: https://vowa.example/travel/suggestions');
    expect(message.text).toContain('“Price drop alerts” is on');
    expect(message.text).toContain('Manage notifications: https://vowa.example/settings');
    expect(message.html).toContain('<html lang="en">');
    expect(message.html).toContain('Paris &#60;is&#62; cheaper');
    expect(message.html).toContain('<li style="margin:6px 0">Rome: $900 → $850</li>');
    expect(message.html).toContain('<p>Enjoy</p>');
    expect(message.html).toContain('href="https://vowa.example/settings"');
    expect(message.link).toBe('https://vowa.example/travel/suggestions');
  });

  it('speaks every language of the settings', () => {
    for (const language of languages) {
      const message = notificationMessage('a@example.com', language, 'dealAlerts', content, 'u');
      const texts = notificationTexts[language];
      expect(message.text).toContain(texts.footer.because(texts.switches.dealAlerts));
      expect(message.html).toContain(`lang="${language}"`);
    }
  });
});
