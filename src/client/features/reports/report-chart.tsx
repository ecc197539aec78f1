import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportFigures } from '@shared/contracts/reports';
import { parseMoney } from '@shared/money';
import { formatReportCell } from './report-format';

const COLORS = ['#2563eb', '#16a34a', '#dc2626', '#9333ea'];
/** Ranked tables (clients, vendors) chart their first ten rows. */
const MAX_POINTS = 24;

/** The report's main series as a bar or line chart; amounts become plain units only to size the marks. */
export function ReportChart({ figures, money }: { figures: ReportFigures; money: (amount: string | number) => string }) {
  const chart = figures.chart;
  const table = chart ? figures.tables.find((entry) => entry.key === chart.table) : undefined;
  if (!chart || !table || table.rows.length === 0) return null;
  const xColumn = table.columns.find((column) => column.key === chart.x);
  const series = chart.series.map((key) => table.columns.find((column) => column.key === key)).filter((column) => column !== undefined);
  const ranked = xColumn?.kind === 'text' && table.rows.length > 10;
  const points = table.rows.slice(0, ranked ? 10 : MAX_POINTS).map((row) => ({
    label: xColumn ? formatReportCell(xColumn.kind, row[chart.x] ?? null, money, xColumn.key) : '',
    ...Object.fromEntries(
      series.map((column) => {
        const value = row[column.key] ?? 0;
        return [column.key, column.kind === 'money' ? (parseMoney(value) ?? 0) / 100 : Number(value)];
      }),
    ),
  }));
  const isMoney = series.every((column) => column.kind === 'money');
  const tick = (value: number) => (isMoney ? money(value) : String(value));
  const Chart = chart.kind === 'line' ? LineChart : BarChart;
  return (
    <div className="h-64 w-full" data-testid="report-chart" aria-label={`${table.title} chart`}>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={points} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} minTickGap={12} />
          {/* Counts (clients, payments) are whole: no 0.5 client on the axis. */}
          <YAxis tickLine={false} axisLine={false} fontSize={12} width="auto" tickFormatter={tick} allowDecimals={isMoney} />
          <Tooltip formatter={(value) => (typeof value === 'number' ? tick(value) : String(value))} />
          <Legend />
          {series.map((column, index) =>
            chart.kind === 'line' ? (
              <Line key={column.key} dataKey={column.key} name={column.label} stroke={COLORS[index % COLORS.length]} strokeWidth={2} dot={false} isAnimationActive={false} />
            ) : (
              <Bar key={column.key} dataKey={column.key} name={column.label} fill={COLORS[index % COLORS.length]} radius={[4, 4, 0, 0]} isAnimationActive={false} />
            ),
          )}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
