/**
 * The locally stored pieces of a session. Storage can throw (private mode, quota), and a
 * broken storage must never break the app, so every access is guarded.
 */
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';
export const CACHED_USER_KEY = 'vowa.user';

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Ignored: the in-memory copy still works for this tab.
  }
}

type Listener = () => void;

/** The access token, kept in memory and mirrored to localStorage so a reload stays signed in. */
function createTokenStore() {
  let token: string | null | undefined;
  const listeners = new Set<Listener>();
  return {
    /**
     * Set while this tab ends its own sign-in on the server (deleting the account): the server
     * closes the live link at once, and that is no reason to renew the token.
     */
    ending: false,
    get(): string | null {
      if (token === undefined) token = readStorage(ACCESS_TOKEN_KEY);
      return token;
    },
    set(next: string | null) {
      token = next;
      writeStorage(ACCESS_TOKEN_KEY, next);
      listeners.forEach((listener) => listener());
    },
    /** Removes every stored credential and the cached user (sign-out, failed refresh). */
    clearSession() {
      this.ending = false;
      writeStorage(REFRESH_TOKEN_KEY, null);
      writeStorage(CACHED_USER_KEY, null);
      this.set(null);
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Tests start each case from storage again. */
    reset() {
      token = undefined;
    },
  };
}

export const tokenStore = createTokenStore();
