import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type TooltipContentProps,
  type TooltipValueType,
} from 'recharts';
import { useFormat } from '../../lib/use-format';
import { useTheme } from '../../lib/theme-context';
import { chartPalettes as palettes } from './chart-colours';
import type { DayPrice } from './price-summary';

const CHART_HEIGHT = 220;
/** Used until the container is measured (and where nothing can measure, as in tests). */
const FALLBACK_WIDTH = 320;

/** The container's width, followed as it changes (a phone turned, a dialog resized). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.floor(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export type PriceHistoryChartProps = {
  points: DayPrice[];
  currency: string;
  market: number | null;
  target: number | null;
  /** What the chart shows, in words: its accessible name. */
  label: string;
};

/**
 * The recorded prices over time (recharts), with the market price and the person's target as
 * dashed lines. Keyboard users move through the days with the arrow keys (the accessibility
 * layer shows each day's tooltip); the label sums it up for screen readers. Loaded lazily.
 */
export default function PriceHistoryChart({
  points,
  currency,
  market,
  target,
  label,
}: PriceHistoryChartProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { theme } = useTheme();
  const colours = palettes[theme];
  const { ref, width } = useWidth();
  const amounts = [...points.map((point) => point.amount), market, target].filter(
    (value): value is number => value !== null,
  );
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const pad = Math.max((high - low) * 0.1, high * 0.02, 1);
  const domain: [number, number] = [Math.max(0, Math.floor(low - pad)), Math.ceil(high + pad)];
  const tick = { fill: colours.text, fontSize: 12 };
  const money = (value: number) => format.money(value, currency, 'never');

  return (
    <div ref={ref} className="w-full" data-testid="price-history-chart">
      <LineChart
        width={width}
        height={CHART_HEIGHT}
        data={points}
        margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
        accessibilityLayer
        role="img"
        aria-label={label}
      >
        <CartesianGrid stroke={colours.grid} vertical={false} />
        <XAxis
          dataKey="day"
          tick={tick}
          tickLine={false}
          axisLine={{ stroke: colours.grid }}
          tickFormatter={(day: string) => format.calendarDate(day, 'short')}
          minTickGap={24}
        />
        <YAxis
          domain={domain}
          tick={tick}
          tickLine={false}
          axisLine={false}
          width={width < 420 ? 56 : 72}
          tickFormatter={money}
        />
        {market !== null ? (
          <ReferenceLine y={market} stroke={colours.market} strokeDasharray="6 4" />
        ) : null}
        {target !== null ? (
          <ReferenceLine y={target} stroke={colours.target} strokeDasharray="2 4" strokeWidth={2} />
        ) : null}
        <Tooltip
          cursor={{ stroke: colours.grid }}
          content={(props: TooltipContentProps<TooltipValueType, string | number>) => {
            const point = props.active ? (props.payload[0]?.payload as DayPrice | undefined) : null;
            if (!point) return null;
            return (
              <div className="rounded-lg border border-line bg-surface px-3 py-2 text-sm text-ink shadow-lg">
                <p className="text-xs text-ink-muted">{format.calendarDate(point.day, 'long')}</p>
                <p className="font-semibold">
                  {t('watches.history.pricePoint', {
                    amount: format.money(point.amount, currency),
                  })}
                </p>
              </div>
            );
          }}
        />
        <Line
          type="monotone"
          dataKey="amount"
          name={t('watches.history.price')}
          stroke={colours.price}
          strokeWidth={2.5}
          dot={points.length <= 31 ? { r: 3, fill: colours.price } : false}
          activeDot={{ r: 5 }}
        />
      </LineChart>
    </div>
  );
}
