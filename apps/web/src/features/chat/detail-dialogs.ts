import type { ComponentType } from 'react';
import type { Flight, Hotel } from '@vowa/shared/travel/travel-schemas';

/**
 * The travel feature's detail dialogs (with Modify and live re-quotes), handed in by the app:
 * a feature never imports another feature, so app/chat-route.tsx composes the two.
 */
export interface ChatDetailDialogs {
  Flight: ComponentType<{
    open: boolean;
    onClose: () => void;
    flight: Flight;
    isReturn?: boolean;
    onSelect?: (flight: Flight) => void;
    onModified?: (flight: Flight) => void;
  }>;
  Hotel: ComponentType<{
    open: boolean;
    onClose: () => void;
    hotel: Hotel | null;
    onSelect?: (hotel: Hotel) => void;
    onModified?: (hotel: Hotel) => void;
  }>;
}
