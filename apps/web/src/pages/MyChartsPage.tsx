import { Trans, useLingui } from '@lingui/react/macro';
// My charts (issue #14 points 3 and 4): my share per month and per category over every group
// and friend, per currency, each with its table view; and my monthly budgets with progress.
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyReport } from '../api/types';
import { BudgetsSection } from '../components/charts/Budgets';
import {
  CategoryBars,
  ChartCard,
  CurrencyPicker,
  MonthColumns,
  PeriodSelect,
  ReportTotal,
} from '../components/charts/Charts';
import { categoryName } from '../lib/categories';
import { monthLabel, periodRange, usePageLocale, type Period } from '../lib/charts';
import { ReportStatus } from '../components/charts/ReportStatus';
import { PageHeader } from '../components/PageHeader';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useMyReport } from '../hooks/useReports';
import { formatMoney } from '../lib/money';

export default function MyChartsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Charts & budgets`);
  const [period, setPeriod] = useState<Period>('12m');
  const report = useMyReport(periodRange(period));
  const topCurrency = report.data?.currencies[0]?.currency ?? 'USD';
  return (
    <>
      <PageHeader title={t`Charts & budgets`} back="/app/account" />
      <BudgetsSection defaultCurrency={topCurrency} />
      <h2 className="mb-2 text-lg font-semibold">
        <Trans>My share of spending</Trans>
      </h2>
      <PeriodSelect value={period} onChange={setPeriod} />
      <ReportStatus
        report={report}
        skeletonRows={2}
        errorFallback={t`Could not load your charts.`}
        empty={{
          title: period === 'all' ? t`Nothing to chart yet` : t`Nothing to chart in this period`,
          text: t`Your share of expenses in your groups and with friends shows here.`,
          action: (
            <Link to="/app/add-expense" className="btn-primary mt-4">
              <Trans>Add an expense</Trans>
            </Link>
          ),
        }}
      >
        {(data) => <MyCharts report={data} />}
      </ReportStatus>
    </>
  );
}

function MyCharts({ report }: { report: MyReport }) {
  const { t, i18n } = useLingui();
  const locale = usePageLocale();
  const [picked, setPicked] = useState<string | null>(null);
  const current =
    report.currencies.find((c) => c.currency === picked) ?? report.currencies[0] ?? null;
  if (current === null) return null;
  const cur = current.currency;
  return (
    <>
      <CurrencyPicker
        currencies={report.currencies.map((c) => c.currency)}
        value={cur}
        onChange={setPicked}
      />
      <ReportTotal label={t`My share`} amount={current.total} currency={cur} />
      <div className="grid gap-x-4 lg:grid-cols-2">
        <ChartCard
          title={t`My share by month`}
          testId="chart-my-month"
          table={{
            columns: [t`Month`, t`My share (${cur})`],
            rows: current.byMonth.map((l) => [
              monthLabel(l.month, 'long', locale),
              formatMoney(l.amount, cur),
            ]),
          }}
        >
          <MonthColumns lines={current.byMonth} currency={cur} label={t`My share by month`} />
        </ChartCard>
        <ChartCard
          title={t`My share by category`}
          testId="chart-my-category"
          table={{
            columns: [t`Category`, t`My share (${cur})`, t`Expenses`],
            rows: current.byCategory.map((l) => [
              categoryName(i18n, l.category),
              formatMoney(l.amount, cur),
              String(l.count),
            ]),
          }}
        >
          <CategoryBars lines={current.byCategory} currency={cur} label={t`My share by category`} />
        </ChartCard>
      </div>
    </>
  );
}
