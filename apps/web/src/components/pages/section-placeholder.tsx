import { useMatches } from 'react-router';
import { UnderConstruction } from './under-construction';

type Handle = { title?: string };

/** Placeholder for a route whose module is not built yet; the title comes from the route table. */
export function SectionPlaceholder() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as Handle | undefined)?.title)
    .find(Boolean);
  return <UnderConstruction title={title ?? 'Раздел'} />;
}
