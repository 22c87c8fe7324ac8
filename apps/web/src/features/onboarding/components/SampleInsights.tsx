import { Badge, Card } from '../../../shared/ui';

/** Illustrative values only: labelled "Sample" on screen, never presented as anyone's mail. */
const SAMPLE_WEEK = [
  { day: 'Mon', share: 0.8 },
  { day: 'Tue', share: 1 },
  { day: 'Wed', share: 0.7 },
  { day: 'Thu', share: 0.75 },
  { day: 'Fri', share: 0.6 },
  { day: 'Sat', share: 0.25 },
  { day: 'Sun', share: 0.2 },
];

const SAMPLE_FACTS = [
  { label: 'Busiest day', value: 'Tuesday' },
  { label: 'Largest category', value: 'Newsletters' },
  { label: 'Unread and older than a month', value: 'Mostly promotions' },
];

/** The connect page's sample insights preview: what insights look like, with made-up sample values. */
export function SampleInsights() {
  return (
    <Card aria-labelledby="sample-insights-heading">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="sample-insights-heading" className="text-base font-semibold text-fg">
          Insights preview
        </h2>
        <Badge tone="warning">Sample data</Badge>
      </div>
      <figure>
        <div className="flex h-28 items-end gap-2" aria-hidden="true">
          {SAMPLE_WEEK.map((d) => (
            <div key={d.day} className="flex flex-1 flex-col items-center gap-1">
              <div className="w-full rounded-t-md bg-accent-solid/80" style={{ height: `${Math.round(d.share * 88)}px` }} />
              <span className="text-xs text-muted">{d.day}</span>
            </div>
          ))}
        </div>
        <figcaption className="sr-only">Sample chart: mail per weekday, busiest on Tuesday, quietest at the weekend.</figcaption>
      </figure>
      <dl className="mt-4 divide-y divide-line text-sm">
        {SAMPLE_FACTS.map((f) => (
          <div key={f.label} className="flex justify-between gap-4 py-2">
            <dt className="text-muted">{f.label}</dt>
            <dd className="font-medium text-fg">{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">A sample for illustration, not your mail. Insights are computed from message metadata only.</p>
    </Card>
  );
}
