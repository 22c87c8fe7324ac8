import type * as Translator from '@mailroom/intelligence/search';
import { useEffect, useState } from 'react';

type SearchModule = typeof Translator;

let loaded: SearchModule | null = null;
let loading: Promise<SearchModule> | null = null;

/** Loads the translator (@mailroom/intelligence/search, with chrono-node) once, on first use, outside the first page load. */
export function loadTranslator(): Promise<SearchModule> {
  loading ??= import('@mailroom/intelligence/search').then((module) => (loaded = module));
  return loading;
}

/**
 * The translator the server uses, in the browser, for chips that appear as the person types
 * (the server's translation, with their correspondents, follows once typing pauses). Null until
 * it has loaded; `wanted` starts the load (the search box asks on first focus).
 */
export function useTranslator(wanted: boolean): SearchModule | null {
  const [module, setModule] = useState<SearchModule | null>(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void loadTranslator().then((m) => live && setModule(m));
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module;
}
