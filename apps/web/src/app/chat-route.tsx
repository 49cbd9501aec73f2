import { ChatPage } from '../features/chat/chat-page';
import { FlightDetailDialog } from '../features/travel/flight-detail-dialog';
import { HotelDetailDialog } from '../features/travel/hotel-detail-dialog';

const dialogs = { Flight: FlightDetailDialog, Hotel: HotelDetailDialog };

/** /chat: the Messages screen, with the travel feature's detail dialogs for its result cards. */
export function ChatRoute() {
  return <ChatPage dialogs={dialogs} />;
}
