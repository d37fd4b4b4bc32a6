import { useParams } from 'react-router';
import { isNumericId } from '../lib/validation';
import { useGroup } from './useGroups';

/** The group a /app/group/:groupId (or /app/groups/:groupId/…) route names, and its query. */
export function useRouteGroup() {
  const { groupId: rawId } = useParams();
  const validId = isNumericId(rawId);
  const groupId = validId ? Number(rawId) : null;
  return { validId, groupId, group: useGroup(groupId) };
}
