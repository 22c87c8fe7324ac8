import { useState } from 'react';
import { NavLink } from 'react-router';
import { Dialog, Icon, IconButton, cx } from '../../shared/ui';
import type { NavItem, NavSection } from './navigation';

function Item({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cx('flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium', isActive ? 'bg-accent-soft text-accent' : 'text-fg hover:bg-surface-2')
      }
    >
      <Icon name={item.icon} size={18} />
      {item.label}
    </NavLink>
  );
}

/** The phone's menu: a button in the header opening the navigation in a dialog. */
export function MobileNav({ sections, title = 'Menu' }: { sections: NavSection[]; title?: string }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <IconButton icon="menu" label="Open menu" className="lg:hidden" aria-haspopup="dialog" onClick={() => setOpen(true)} />
      <Dialog open={open} onClose={close} title={title} size="sm" className="mt-3 mb-auto">
        <nav aria-label="Main">
          {sections.map((section) => (
            <div key={section.label} className="mb-3 last:mb-0">
              {sections.length > 1 ? <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{section.label}</p> : null}
              {section.items.map((item) => (
                <Item key={item.to} item={item} onNavigate={close} />
              ))}
            </div>
          ))}
        </nav>
      </Dialog>
    </>
  );
}
