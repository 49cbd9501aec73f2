import { useMemo, type ComponentProps } from 'react';
import type { GroupPlanSlot } from '@vowa/shared/groups/group-schemas';
import type { ChatDetailDialogs, GroupPickMarker } from './detail-dialogs';
import { useAddGroupPick } from './group-plan-api';

/**
 * In a group, the detail dialogs say 'Select for Group' (part 2 §2): Select posts the offer as
 * 'selected' and closes, saving a modification posts it as 'modified' (issue 15 §5). The
 * server reads the offer from its quote id; the card reaches everyone live. Elsewhere the
 * dialogs are as the app handed them in.
 */
export function useGroupDialogs(
  dialogs: ChatDetailDialogs,
  groupId: string | undefined,
): ChatDetailDialogs {
  return useMemo(() => (groupId ? groupDialogsFor(dialogs, groupId) : dialogs), [dialogs, groupId]);
}

/** Posts a pick; its failure is shown by the group plan button (`usePickError`). */
function usePick(groupId: string) {
  const add = useAddGroupPick(groupId);
  return (slot: GroupPlanSlot, marker: GroupPickMarker, quoteId: string) =>
    add.mutate({ slot, marker, quote_id: quoteId });
}

function groupDialogsFor(dialogs: ChatDetailDialogs, groupId: string): ChatDetailDialogs {
  const { Flight, Hotel, Experience } = dialogs;
  function GroupFlight(props: ComponentProps<typeof Flight>) {
    const pick = usePick(groupId);
    return (
      <Flight
        {...props}
        groupContext
        onGroupUpdate={(flight, marker) =>
          pick(props.isReturn ? 'return_flight' : 'flight', marker, flight.quote.quoteId)
        }
      />
    );
  }
  function GroupHotel(props: ComponentProps<typeof Hotel>) {
    const pick = usePick(groupId);
    return (
      <Hotel
        {...props}
        groupContext
        onGroupUpdate={(hotel, marker) => pick('hotel', marker, hotel.quote.quoteId)}
      />
    );
  }
  const withExperience = Experience && {
    Experience: function GroupExperience(props: ComponentProps<NonNullable<typeof Experience>>) {
      const pick = usePick(groupId);
      return (
        <Experience
          {...props}
          groupContext
          onGroupUpdate={(experience) => pick('experience', 'selected', experience.quote.quoteId)}
        />
      );
    },
  };
  return { Flight: GroupFlight, Hotel: GroupHotel, ...withExperience };
}
