// Where a compatibility table comes from, so that every rule the doctor applies can be checked
// against the page it was copied from, and so that a stale table is visible.

export interface TableSource {
  title: string;
  url: string;
  /** The day the table was last compared with the page (YYYY-MM-DD). */
  checked: string;
}
