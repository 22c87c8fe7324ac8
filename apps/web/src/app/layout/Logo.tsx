import { Link } from 'react-router';

/** The Mailroom mark and name; links home. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-lg font-semibold text-fg" aria-label="Mailroom home">
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span className="text-lg tracking-tight">Mailroom</span>
    </Link>
  );
}
