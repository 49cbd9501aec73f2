import type { Language } from '@vowa/shared/settings/settings-constants';
import { INVITATION_TTL_DAYS } from '@vowa/shared/groups/group-invite-rules';
import { accountMessage } from '../auth/auth-mail';
import type { MailMessage } from '../mail/mailer';

type InviteWords = { inviter: string; group: string; url: string };

type InviteTexts = {
  subject: (words: InviteWords) => string;
  paragraphs: (words: InviteWords) => string[];
  button: string;
  sms: (words: InviteWords) => string;
};

const days = INVITATION_TTL_DAYS;

/**
 * The invitation's words. Nobody knows the invitee's language, so it is the inviter's (English
 * for anyone who never chose one). One text for every address: it invites someone with an
 * account and someone without alike.
 */
const texts: Record<Language, InviteTexts> = {
  en: {
    subject: ({ inviter }) => `${inviter} invited you to a group chat on Vowa`,
    paragraphs: ({ inviter, group }) => [
      `${inviter} would like you to join “${group}”, a group on Vowa, to plan a trip together: chat, ask the Vowa assistant, pick flights and hotels and vote on them.`,
      'Open the link and sign in, or create a free account: you will land in the group.',
      `The link is valid for ${days} days and works for one person. If you do not know ${inviter}, you can ignore this message.`,
    ],
    button: 'Join the group',
    sms: ({ inviter, group, url }) =>
      `${inviter} invited you to the group “${group}” on Vowa. Join: ${url} (valid for ${days} days)`,
  },
  es: {
    subject: ({ inviter }) => `${inviter} te ha invitado a un chat de grupo en Vowa`,
    paragraphs: ({ inviter, group }) => [
      `${inviter} quiere que te unas a «${group}», un grupo en Vowa, para planear un viaje juntos: chatear, preguntar al asistente de Vowa, elegir vuelos y hoteles y votarlos.`,
      'Abre el enlace e inicia sesión, o crea una cuenta gratuita: entrarás directamente en el grupo.',
      `El enlace es válido durante ${days} días y sirve para una sola persona. Si no conoces a ${inviter}, puedes ignorar este mensaje.`,
    ],
    button: 'Unirme al grupo',
    sms: ({ inviter, group, url }) =>
      `${inviter} te ha invitado al grupo «${group}» en Vowa. Únete: ${url} (válido ${days} días)`,
  },
  fr: {
    subject: ({ inviter }) => `${inviter} vous invite dans un groupe de discussion sur Vowa`,
    paragraphs: ({ inviter, group }) => [
      `${inviter} aimerait que vous rejoigniez « ${group} », un groupe sur Vowa, pour préparer un voyage ensemble : discuter, interroger l’assistant Vowa, choisir des vols et des hôtels et voter.`,
      'Ouvrez le lien et connectez-vous, ou créez un compte gratuit : vous arriverez directement dans le groupe.',
      `Le lien est valable ${days} jours, pour une seule personne. Si vous ne connaissez pas ${inviter}, vous pouvez ignorer ce message.`,
    ],
    button: 'Rejoindre le groupe',
    sms: ({ inviter, group, url }) =>
      `${inviter} vous invite dans le groupe « ${group} » sur Vowa. Rejoindre : ${url} (valable ${days} jours)`,
  },
  de: {
    subject: ({ inviter }) => `${inviter} hat dich zu einem Gruppenchat auf Vowa eingeladen`,
    paragraphs: ({ inviter, group }) => [
      `${inviter} möchte, dass du der Gruppe „${group}“ auf Vowa beitrittst, um gemeinsam eine Reise zu planen: chatten, den Vowa-Assistenten fragen, Flüge und Hotels auswählen und darüber abstimmen.`,
      'Öffne den Link und melde dich an oder erstelle ein kostenloses Konto: Danach bist du in der Gruppe.',
      `Der Link ist ${days} Tage gültig und gilt für eine Person. Wenn du ${inviter} nicht kennst, kannst du diese Nachricht ignorieren.`,
    ],
    button: 'Der Gruppe beitreten',
    sms: ({ inviter, group, url }) =>
      `${inviter} hat dich zur Gruppe „${group}“ auf Vowa eingeladen. Beitreten: ${url} (${days} Tage gültig)`,
  },
  ja: {
    subject: ({ inviter }) => `${inviter}さんからVowaのグループチャットに招待されました`,
    paragraphs: ({ inviter, group }) => [
      `${inviter}さんが、一緒に旅行を計画するためにVowaのグループ「${group}」に招待しています。チャットしたり、Vowaアシスタントに質問したり、フライトやホテルを選んで投票したりできます。`,
      'リンクを開いてサインインするか、無料アカウントを作成してください。そのままグループに参加できます。',
      `このリンクは${days}日間有効で、1人だけが使えます。${inviter}さんに心当たりがない場合は、このメッセージを無視してください。`,
    ],
    button: 'グループに参加',
    sms: ({ inviter, group, url }) =>
      `${inviter}さんからVowaのグループ「${group}」に招待されました。参加: ${url}（${days}日間有効）`,
  },
};

/** A name as it goes into a message: one line, no control characters, at most `max` long. */
function plain(text: string, max: number): string {
  const line = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The first word of the inviter's name: how the invitee knows them. */
export function firstNameOf(name: string): string {
  return plain(name, 40).split(' ')[0] || 'Vowa';
}

function wordsOf(words: InviteWords, groupMax: number): InviteWords {
  return { inviter: plain(words.inviter, 40), group: plain(words.group, groupMax), url: words.url };
}

export function groupInvitationMail(
  to: string,
  language: Language,
  words: InviteWords,
): MailMessage {
  const text = texts[language] ?? texts.en;
  const safe = wordsOf(words, 80);
  return accountMessage(to, text.subject(safe), text.paragraphs(safe), {
    label: text.button,
    url: safe.url,
  });
}

/** The text message: short, the group's name cut to keep it to a few segments. */
export function groupInvitationSms(language: Language, words: InviteWords): string {
  return (texts[language] ?? texts.en).sms(wordsOf(words, 40));
}
