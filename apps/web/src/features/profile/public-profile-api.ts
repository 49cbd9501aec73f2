import { useQuery } from '@tanstack/react-query';
import { publicProfileSchema } from '@vowa/shared/profile/public-profile-schemas';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';

// GET /api/users/{uid}/profile: a person as the signed-in user may see them, parsed by the
// shared schema. The server decides what is in it (their privacy settings).
export const publicProfileKeys = {
  all: ['public-profile'] as const,
  /** Per viewer too: what one person may see is not what another may. */
  one: (viewerId: string, uid: string) => [...publicProfileKeys.all, viewerId, uid] as const,
};

export function usePublicProfile(uid: string) {
  const { user, status } = useSession();
  const viewerId = user?.id ?? '';
  return useQuery({
    queryKey: publicProfileKeys.one(viewerId, uid),
    queryFn: ({ signal }) =>
      apiRequest(`/users/${encodeURIComponent(uid)}/profile`, {
        schema: publicProfileSchema,
        signal,
      }),
    enabled: status === 'signed-in' && !!user && !!uid,
    // Privacy settings and online status change elsewhere: read again on every visit.
    staleTime: 0,
  });
}
