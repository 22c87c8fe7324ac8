import type { Category } from '@mailroom/contract';
import { useState } from 'react';
import { describeError } from '../../../shared/api';
import { Button, Icon, useToast } from '../../../shared/ui';
import { useCategoryMutations } from '../hooks/useCategory';
import { STARTER_CATEGORIES, type StarterCategory } from '../lib/starters';

function alreadyAdded(starter: StarterCategory, categories: readonly Category[]): boolean {
  return categories.some((c) => c.name.toLowerCase() === starter.name.toLowerCase() || c.query.trim() === starter.query);
}

/** Suggested categories, each added with one click; those the user already has are left out. */
export function StarterCategories({ categories }: { categories: readonly Category[] }) {
  const { create } = useCategoryMutations();
  const toast = useToast();
  const [adding, setAdding] = useState<string | null>(null);
  const offered = STARTER_CATEGORIES.filter((s) => !alreadyAdded(s, categories));
  if (offered.length === 0) return null;

  return (
    <section aria-labelledby="starters-heading" className="mt-10">
      <h2 id="starters-heading" className="text-lg font-semibold text-fg">
        Suggested categories
      </h2>
      <p className="mt-1 text-sm text-muted">Common groups of mail, ready to add with one click. You can edit them afterwards.</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {offered.map((starter) => (
          <li key={starter.name} className="flex min-w-0 items-start gap-3 rounded-xl border border-dashed border-line-strong bg-surface p-4">
            <span
              className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-white"
              style={{ backgroundColor: starter.color }}
              aria-hidden="true"
            >
              <Icon name={starter.icon} size={18} />
            </span>
            <div className="min-w-0 flex-1">
              <h3 className="text-sm font-semibold [overflow-wrap:anywhere] text-fg">{starter.name}</h3>
              <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-muted">{starter.description}</p>
              <p className="mt-1 font-mono text-xs [overflow-wrap:anywhere] text-muted">{starter.query}</p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              busy={adding === starter.name}
              disabled={adding !== null && adding !== starter.name}
              aria-label={`Add ${starter.name}`}
              onClick={() => {
                setAdding(starter.name);
                create.mutate(
                  { name: starter.name, query: starter.query, description: starter.description, color: starter.color, icon: starter.icon },
                  {
                    onSuccess: (category) => toast.show({ tone: 'success', title: `Added “${category.name}”` }),
                    onError: (error) => toast.show({ tone: 'danger', title: `“${starter.name}” was not added`, description: describeError(error) }),
                    onSettled: () => setAdding(null),
                  },
                );
              }}
            >
              Add
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
