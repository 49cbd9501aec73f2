import type { ComponentType } from 'react';
import type { Experience, Flight, Hotel } from '@vowa/shared/travel/travel-schemas';

/** What 'Select for Group' says about an offer: chosen as it is, or after a saved Modify. */
export type GroupPickMarker = 'selected' | 'modified';

/**
 * The travel feature's detail dialogs (with Modify and live re-quotes), handed in by the app:
 * a feature never imports another feature, so app/chat-route.tsx composes the two. In a group
 * (`groupContext`) they say 'Select for Group' and report picks through `onGroupUpdate`.
 */
export interface ChatDetailDialogs {
  Flight: ComponentType<{
    open: boolean;
    onClose: () => void;
    flight: Flight;
    isReturn?: boolean;
    groupContext?: boolean;
    onGroupUpdate?: (flight: Flight, action: GroupPickMarker) => void;
    onSelect?: (flight: Flight) => void;
    onModified?: (flight: Flight) => void;
  }>;
  Hotel: ComponentType<{
    open: boolean;
    onClose: () => void;
    hotel: Hotel | null;
    groupContext?: boolean;
    onGroupUpdate?: (hotel: Hotel, action: GroupPickMarker) => void;
    onSelect?: (hotel: Hotel) => void;
    onModified?: (hotel: Hotel) => void;
  }>;
  /** The experience suggestions' details (with 'Select for Group' in a group). */
  Experience?: ComponentType<{
    open: boolean;
    onClose: () => void;
    experience: Experience;
    groupContext?: boolean;
    onGroupUpdate?: (experience: Experience, action: 'selected') => void;
  }>;
}
