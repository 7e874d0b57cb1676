import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { API_LIMIT_LOW_SHARE, type ApiUsageSample, CONNECTION_USAGE_DAYS } from '@skyvault/contract';
import dayjs from 'dayjs';
import { useId } from 'react';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The drawing's own units; the SVG stretches to its box, so the chart scales from phone to desktop. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;
const LOW_LINE_TEXT = `Each bar is a day's share of the org's daily API requests; above the dashed line less than ${API_LIMIT_LOW_SHARE * 100} % remain.`;

const count = (value: number) => value.toLocaleString('en-US');
export const dayLabel = (day: string) => dayjs(day).format('MMMM D, YYYY');
export const usageText = (sample: ApiUsageSample) =>
  `${dayLabel(sample.day)}: ${count(sample.used)} of ${count(sample.max)} API requests`;
const shareOf = (sample: ApiUsageSample) => (sample.max > 0 ? Math.min(sample.used / sample.max, 1) : 0);

/**
 * The days the chart covers: CONNECTION_USAGE_DAYS ending today (UTC, as the server's days are), or on
 * the last sample if that is later. A day without a check stays an empty slot.
 */
function daysOf(usage: readonly ApiUsageSample[]): string[] {
  const today = new Date().toISOString().slice(0, 10);
  const last = usage.at(-1)?.day ?? today;
  const end = Date.parse(`${last > today ? last : today}T00:00:00Z`);
  return Array.from({ length: CONNECTION_USAGE_DAYS }, (_, index) =>
    new Date(end - (CONNECTION_USAGE_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** What the chart shows, in one sentence for screen readers (and everyone, below the bars). */
export function usageSummary(usage: readonly ApiUsageSample[]): string {
  const latest = usage.at(-1);
  if (!latest) return 'No API usage recorded yet.';
  const peak = usage.reduce((top, sample) => (shareOf(sample) > shareOf(top) ? sample : top));
  const highest =
    peak === latest ? '' : ` Highest share of the ${CONNECTION_USAGE_DAYS} days: ${usageText(peak)}.`;
  return `Latest: ${usageText(latest)}.${highest}`;
}

/**
 * The org's daily API requests over the last CONNECTION_USAGE_DAYS days, each day a bar of its share
 * of that day's allocation; the dashed line marks where the API limit counts as low. Each bar is titled
 * with its day and numbers (shown on hover); the summary below says the same for screen readers.
 */
export function ApiUsageChart({ usage }: { usage: readonly ApiUsageSample[] }) {
  const theme = useTheme();
  const summaryId = useId();
  const byDay = new Map(usage.map((sample) => [sample.day, sample]));
  const days = daysOf(usage);
  const lowLine = HEIGHT * (1 - API_LIMIT_LOW_SHARE);
  return (
    <Box>
      <Box
        component="svg"
        viewBox={`0 0 ${days.length * SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label="Daily API usage chart"
        aria-describedby={summaryId}
        sx={{ display: 'block', width: '100%', height: 140, bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {days.map((day, index) => {
          const sample = byDay.get(day);
          if (!sample) return null;
          const height = Math.max(shareOf(sample) * HEIGHT, 1);
          const low = 1 - shareOf(sample) < API_LIMIT_LOW_SHARE;
          return (
            <rect
              key={day}
              data-day={day}
              x={index * SLOT + (SLOT - BAR) / 2}
              y={HEIGHT - height}
              width={BAR}
              height={height}
              fill={low ? theme.palette.warning.main : theme.palette.primary.main}
            >
              <title>{usageText(sample)}</title>
            </rect>
          );
        })}
        <line
          x1={0}
          x2={days.length * SLOT}
          y1={HEIGHT - lowLine}
          y2={HEIGHT - lowLine}
          stroke={theme.palette.warning.dark}
          strokeDasharray="4 3"
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 0.5 }} aria-hidden>
        <Typography variant="caption" color="text.secondary">
          {dayLabel(days[0] as string)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {dayLabel(days.at(-1) as string)}
        </Typography>
      </Box>
      <Typography id={summaryId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {usageSummary(usage)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {LOW_LINE_TEXT}
      </Typography>
    </Box>
  );
}
