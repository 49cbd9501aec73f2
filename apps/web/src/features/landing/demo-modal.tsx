import { PlayCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose } from '../../components/ui/dialog';

/** Watch Demo: a placeholder until the video exists. Backdrop click, Escape and Close all close it. */
export function DemoModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('landing.demoTitle')}
      description={t('landing.demoText')}
      fitOnPhones
    >
      <div className="flex aspect-video items-center justify-center rounded-xl bg-linear-to-br from-sky-500/15 to-violet-600/20">
        <PlayCircle
          aria-hidden="true"
          className="size-14 text-violet-700 dark:text-violet-300"
          strokeWidth={1.5}
        />
      </div>
      <DialogClose asChild>
        <Button variant="secondary" size="lg" className="mt-6 w-full">
          {t('landing.demoClose')}
        </Button>
      </DialogClose>
    </Dialog>
  );
}
