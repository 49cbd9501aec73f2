import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../components/ui/skeleton';
import { ChatPage } from '../features/chat/chat-page';
import { useSession } from '../lib/session-context';
import { ExperienceDetailDialog } from '../features/travel/experience-detail-dialog';
import { FlightDetailDialog } from '../features/travel/flight-detail-dialog';
import { HotelDetailDialog } from '../features/travel/hotel-detail-dialog';

const dialogs = {
  Flight: FlightDetailDialog,
  Hotel: HotelDetailDialog,
  Experience: ExperienceDetailDialog,
};

/** /chat: the Messages screen, with the travel feature's detail dialogs for its result cards. */
export function ChatRoute() {
  const { t } = useTranslation();
  const { user, status } = useSession();
  // A signed-in person is not shown the guest's screen while their session is confirmed: what
  // they typed there would be lost when it gives way to theirs.
  if (status === 'loading') return <PageSkeleton label={t('common.loading')} />;
  // A new screen for each person: a guest's exchanges are not carried into their account.
  return <ChatPage key={user?.id ?? 'guest'} dialogs={dialogs} />;
}
