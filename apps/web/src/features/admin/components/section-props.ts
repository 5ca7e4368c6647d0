import type { AdminSearch } from '../model/search.ts';

/** What the console hands each tab (apart from AdminConsole.tsx, which imports the tabs: no cycle). */
export interface AdminSectionProps {
  search: AdminSearch;
  /** Replaces the tab's search parameters (the address keeps them: reload and share keep the view). */
  setSearch: (next: AdminSearch, options?: { replace?: boolean }) => void;
}
