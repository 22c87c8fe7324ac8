import { Link } from 'react-router';

export function Footer() {
  return (
    <footer className="border-t border-line">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-8 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>Mailroom · self-hosted, open source (AGPL-3.0)</p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          <Link className="hover:text-fg hover:underline" to="/privacy">
            Privacy
          </Link>
          <Link className="hover:text-fg hover:underline" to="/security">
            Security
          </Link>
          <Link className="hover:text-fg hover:underline" to="/features">
            Features
          </Link>
          <Link className="hover:text-fg hover:underline" to="/test">
            Diagnostics
          </Link>
        </nav>
      </div>
    </footer>
  );
}
