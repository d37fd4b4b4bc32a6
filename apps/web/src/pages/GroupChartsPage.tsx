import { Trans, useLingui } from '@lingui/react/macro';
// A group's charts (issue #14 point 3): spending by category, by month, and each person's paid
// versus share, per currency, each with its table view.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { GroupReport } from '../api/types';
import {
  CategoryBars,
  ChartCard,
  CurrencyPicker,
  MonthColumns,
  PaidShareBars,
  PeriodSelect,
  ReportTotal,
} from '../components/charts/Charts';
import { categoryName } from '../lib/categories';
import { monthLabel, periodRange, usePageLocale, type Period } from '../lib/charts';
import { ReportStatus } from '../components/charts/ReportStatus';
import { PageHeader } from '../components/PageHeader';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useGroup } from '../hooks/useGroups';
import { useGroupReport } from '../hooks/useReports';
import { formatMoney } from '../lib/money';
import { isNumericId } from '../lib/validation';

export default function GroupChartsPage() {
  const { t } = useLingui();
  const { groupId: rawId } = useParams();
  const groupId = isNumericId(rawId) ? Number(rawId) : null;
  const group = useGroup(groupId);
  const [period, setPeriod] = useState<Period>('all');
  const report = useGroupReport(groupId, periodRange(period));
  const name = group.data?.name;
  const title = name ? t`${name} · Charts` : t`Charts`;
  useDocumentTitle(title);
  const back = groupId === null ? '/app/groups' : `/app/group/${String(groupId)}`;

  if (groupId === null) {
    return (
      <>
        <PageHeader title={t`Charts`} back="/app/groups" />
        <p role="alert" className="card p-4 text-danger">
          <Trans>Error: Invalid Group ID.</Trans>
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} back={back} />
      <PeriodSelect value={period} onChange={setPeriod} />
      <ReportStatus
        report={report}
        skeletonRows={3}
        errorFallback={t`Could not load the charts.`}
        empty={{
          title: period === 'all' ? t`No expenses yet` : t`No expenses in this period`,
          text: t`Charts appear here once the group has expenses.`,
          action: (
            <Link to={back} className="btn-primary mt-4">
              <Trans>Back to the group</Trans>
            </Link>
          ),
        }}
      >
        {(data) => <GroupCharts report={data} />}
      </ReportStatus>
    </>
  );
}

function GroupCharts({ report }: { report: GroupReport }) {
  const { t, i18n } = useLingui();
  const locale = usePageLocale();
  const codes = report.currencies.map((c) => c.currency);
  const [picked, setPicked] = useState<string | null>(null);
  const current =
    report.currencies.find((c) => c.currency === picked) ?? report.currencies[0] ?? null;
  if (current === null) return null;
  const cur = current.currency;
  return (
    <>
      <CurrencyPicker currencies={codes} value={cur} onChange={setPicked} />
      <ReportTotal label={t`Total spent`} amount={current.total} currency={cur} />
      <div className="grid gap-x-4 lg:grid-cols-2">
        <ChartCard
          title={t`Spending by category`}
          testId="chart-category"
          table={{
            columns: [t`Category`, t`Amount (${cur})`, t`Expenses`],
            rows: current.byCategory.map((l) => [
              categoryName(i18n, l.category),
              formatMoney(l.amount, cur),
              String(l.count),
            ]),
          }}
        >
          <CategoryBars lines={current.byCategory} currency={cur} label={t`Spending by category`} />
        </ChartCard>
        <ChartCard
          title={t`Spending by month`}
          testId="chart-month"
          table={{
            columns: [t`Month`, t`Amount (${cur})`],
            rows: current.byMonth.map((l) => [
              monthLabel(l.month, 'long', locale),
              formatMoney(l.amount, cur),
            ]),
          }}
        >
          <MonthColumns lines={current.byMonth} currency={cur} label={t`Spending by month`} />
        </ChartCard>
      </div>
      <ChartCard
        title={t`Paid versus share`}
        description={t`What each person paid, and their share of the expenses.`}
        testId="chart-members"
        table={{
          columns: [t`Person`, t`Paid (${cur})`, t`Share (${cur})`],
          rows: current.members.map((m) => [
            m.user.name,
            formatMoney(m.paid, cur),
            formatMoney(m.share, cur),
          ]),
        }}
      >
        <PaidShareBars members={current.members} currency={cur} label={t`Paid versus share`} />
      </ChartCard>
    </>
  );
}
