import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/** The centred card that the reset-password and verify-email pages share. */
export function AuthPageLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">{children}</Card>
    </div>
  );
}
