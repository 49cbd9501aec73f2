// A dedicated worker started by warm-up-intl.ts: building one number and one date formatter
// here loads ICU's locale data for the whole page, off its main thread.
self.onmessage = (event: MessageEvent<{ locale: string; currency: string }>) => {
  const { locale, currency } = event.data;
  try {
    new Intl.NumberFormat(locale, { style: 'currency', currency }).format(1);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(0);
  } finally {
    (self as unknown as { postMessage(message: string): void }).postMessage('done');
  }
};

// A module, so the worker is loaded with `type: module` and its scope stays its own.
export {};
