import type { Insights } from '@mailroom/contract';
import { useEffect, useState } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatDay, formatDuration, WEEKDAYS } from '../lib/format';

// recharts, loaded only with the charts (React.lazy in InsightsPage): the app's first bundle
// and the page's tables do not wait for it.

interface Palette {
  fg: string;
  muted: string;
  line: string;
  surface: string;
  accent: string;
  read: string;
  unread: string;
  sent: string;
  /** The system asks for the dark theme. */
  dark: boolean;
}

function readPalette(): Palette {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fg: v('--mr-fg', '#111827'),
    muted: v('--mr-muted', '#4a5568'),
    line: v('--mr-line', '#dde3ea'),
    surface: v('--mr-surface', '#ffffff'),
    accent: v('--mr-accent', '#1d4ed8'),
    read: v('--mr-accent', '#1d4ed8'),
    unread: v('--mr-warning', '#92400e'),
    sent: v('--mr-success', '#166534'),
    dark: window.matchMedia('(prefers-color-scheme: dark)').matches,
  };
}

/** The theme's colours for SVG, re-read when the system switches between light and dark. */
function usePalette(): Palette {
  const [palette, setPalette] = useState(readPalette);
  useEffect(() => {
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const update = () => setPalette(readPalette());
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return palette;
}

const HEIGHT = 240;

function tooltipStyle(p: Palette) {
  return { contentStyle: { background: p.surface, border: `1px solid ${p.line}`, borderRadius: 8, color: p.fg }, labelStyle: { color: p.fg }, itemStyle: { color: p.fg } };
}

/** Received mail per day, read and unread stacked, beside what the user sent. */
export function DailyChart({ days }: { days: Insights['days'] }) {
  const p = usePalette();
  const data = days.map((d) => ({ ...d, label: formatDay(d.date) }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
        <CartesianGrid stroke={p.line} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} />
        <Tooltip {...tooltipStyle(p)} cursor={{ fill: p.line, opacity: 0.4 }} formatter={(value) => formatCount(Number(value))} />
        <Legend wrapperStyle={{ color: p.fg, fontSize: 12 }} />
        <Bar dataKey="read" name="Received, read" stackId="received" fill={p.read} isAnimationActive={false} />
        <Bar dataKey="unread" name="Received, unread" stackId="received" fill={p.unread} isAnimationActive={false} />
        <Bar dataKey="sent" name="Sent" fill={p.sent} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * Series colours for bundles, told apart by hue and lightness (after Okabe and Ito's palette for
 * colour-blind readers), lighter on the dark theme. "No bundle" is the theme's muted grey.
 */
const BUNDLE_COLOURS = {
  light: ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#8a6d00', '#56b4e9', '#882255', '#44aa99', '#332288'],
  dark: ['#56b4e9', '#f0a35e', '#3ccf9f', '#e3a3c8', '#e6c84f', '#9ad0f2', '#d483a8', '#7fd1c4', '#a99ff0'],
};

/** Received mail per day stacked by bundle (the largest first, "No bundle" on top), beside what the user sent. */
export function BundleDailyChart({ days, bundles }: { days: Insights['days']; bundles: Insights['bundles'] }) {
  const p = usePalette();
  const colours = BUNDLE_COLOURS[p.dark ? 'dark' : 'light'];
  const data = days.map((d) => ({ label: formatDay(d.date), sent: d.sent, ...Object.fromEntries(bundles.map((b) => [`b:${b.id}`, d.byBundle[b.id] ?? 0])) }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
        <CartesianGrid stroke={p.line} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} />
        <Tooltip {...tooltipStyle(p)} cursor={{ fill: p.line, opacity: 0.4 }} formatter={(value) => formatCount(Number(value))} />
        <Legend wrapperStyle={{ color: p.fg, fontSize: 12 }} />
        {bundles.map((b, i) => (
          <Bar key={b.id} dataKey={`b:${b.id}`} name={b.name} stackId="received" fill={b.id === 'none' ? p.muted : colours[i % colours.length]} isAnimationActive={false} />
        ))}
        <Bar dataKey="sent" name="Sent" fill={p.sent} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The unread backlog at the end of each day. */
export function BacklogChart({ days }: { days: Insights['days'] }) {
  const p = usePalette();
  const data = days.map((d) => ({ backlog: d.backlog, label: formatDay(d.date) }));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
        <CartesianGrid stroke={p.line} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} />
        <Tooltip {...tooltipStyle(p)} formatter={(value) => formatCount(Number(value))} />
        <Area dataKey="backlog" name="Unread backlog" stroke={p.unread} fill={p.unread} fillOpacity={0.25} isAnimationActive={false} />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Median response times by weekday, the user's beside their correspondents', in hours. */
export function WeekdayChart({ byWeekday, order }: { byWeekday: Insights['responseTimes']['byWeekday']; order: number[] }) {
  const p = usePalette();
  const hours = (ms: number | null) => (ms === null ? null : Math.round((ms / 3_600_000) * 10) / 10);
  const data = order.map((weekday) => {
    const day = byWeekday[weekday];
    return { label: (WEEKDAYS[weekday] as string).slice(0, 3), mine: hours(day?.mine.medianMs ?? null), theirs: hours(day?.theirs.medianMs ?? null) };
  });
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: -12, bottom: 0 }}>
        <CartesianGrid stroke={p.line} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} />
        <YAxis tick={{ fill: p.muted, fontSize: 12 }} stroke={p.line} unit=" h" />
        <Tooltip {...tooltipStyle(p)} cursor={{ fill: p.line, opacity: 0.4 }} formatter={(value) => (value === null ? '–' : formatDuration(Number(value) * 3_600_000))} />
        <Legend wrapperStyle={{ color: p.fg, fontSize: 12 }} />
        <Bar dataKey="mine" name="You (median)" fill={p.accent} isAnimationActive={false} />
        <Bar dataKey="theirs" name="Correspondents (median)" fill={p.sent} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
