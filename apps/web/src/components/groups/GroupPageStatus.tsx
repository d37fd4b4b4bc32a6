import { useLingui } from '@lingui/react/macro';
import type { useGroup } from '../../hooks/useGroups';
import { PageHeader } from '../PageHeader';
import { SkeletonList } from '../Skeleton';

/**
 * A group's page until its group is there: the id in the address is not one, the group is
 * loading, or it could not be loaded.
 */
export function GroupPageStatus({
  validId,
  group,
  title,
  loadingTitle,
  loadingBack,
  skeletonHeight,
}: {
  validId: boolean;
  group: ReturnType<typeof useGroup>;
  title: string;
  loadingTitle: string;
  loadingBack: string;
  skeletonHeight: string;
}) {
  const { t } = useLingui();
  const reason = group.error?.message || t`Could not load group data.`;
  if (validId && group.isPending) {
    return (
      <>
        <PageHeader title={loadingTitle} back={loadingBack} />
        <SkeletonList rows={5} height={skeletonHeight} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} back="/app/groups" />
      <p role="alert" className="card p-4 text-danger">
        {validId ? t`Error: ${reason}` : t`Error: Invalid Group ID.`}
      </p>
    </>
  );
}
