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
  // A new screen for each person: a guest's exchanges are not carried into their account.
  const userId = useSession().user?.id ?? 'guest';
  return <ChatPage key={userId} dialogs={dialogs} />;
}
