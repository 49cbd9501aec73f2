import webpush from 'web-push';
import type { TokenSealer } from '../../lib/token-sealer';
import type { NotificationCentreRepository } from './notification-centre-repository';

/** The server's VAPID identity: browsers subscribe with the public key, pushes are signed. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const KEY_NAME = 'vapid';

type StoredPair = { publicKey: string; privateKey: string };

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured, else the pair
 * generated once into `server_keys` (the first instance's insert wins, every instance reads
 * the stored one, so subscriptions work whichever instance sends). The private key is stored
 * sealed with the encryption key. Read once per process; a failure is tried again next time.
 */
export function createVapidKeys(deps: {
  configured: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  repository: Pick<NotificationCentreRepository, 'serverKey' | 'serverKeyOnce'>;
  sealer: TokenSealer;
  now: () => Date;
}): () => Promise<VapidKeys> {
  let loading: Promise<VapidKeys> | null = null;

  async function storedPair(): Promise<StoredPair> {
    const existing = await deps.repository.serverKey(KEY_NAME);
    const value =
      existing ??
      (await deps.repository.serverKeyOnce(KEY_NAME, sealedNewPair(deps.sealer), deps.now()));
    const stored = JSON.parse(value) as StoredPair;
    return { publicKey: stored.publicKey, privateKey: deps.sealer.open(stored.privateKey) };
  }

  async function load(): Promise<VapidKeys> {
    const pair = deps.configured ?? (await storedPair());
    return { ...pair, subject: deps.subject };
  }

  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

function sealedNewPair(sealer: TokenSealer): string {
  const pair = webpush.generateVAPIDKeys();
  return JSON.stringify({ publicKey: pair.publicKey, privateKey: sealer.seal(pair.privateKey) });
}

/** `mailto:` and the address of MAIL_FROM ("Vowa <no-reply@vowa.app>" → mailto:no-reply@…). */
export function vapidSubjectFrom(mailFrom: string): string {
  const address = mailFrom.match(/<([^>]+)>/)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}
