/** Plaid Link, loaded from Plaid's CDN only when someone connects a real bank. */
export const PLAID_LINK_SRC = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

export interface PlaidHandler {
  open: () => void;
  exit?: (options?: { force?: boolean }) => void;
  destroy?: () => void;
}

export interface PlaidLinkOptions {
  token: string;
  onSuccess: (publicToken: string, metadata: unknown) => void;
  onExit: (error: unknown, metadata: unknown) => void;
  onEvent?: (eventName: string, metadata: unknown) => void;
}

export interface PlaidLinkApi {
  create: (options: PlaidLinkOptions) => PlaidHandler;
}

declare global {
  interface Window {
    Plaid?: PlaidLinkApi;
  }
}

let loading: Promise<PlaidLinkApi> | null = null;

export function loadPlaidLink(): Promise<PlaidLinkApi> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  loading ??= new Promise<PlaidLinkApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PLAID_LINK_SRC;
    script.async = true;
    script.onload = () => {
      if (window.Plaid) resolve(window.Plaid);
      else reject(new Error('Plaid Link did not load'));
    };
    script.onerror = () => reject(new Error('Plaid Link did not load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
