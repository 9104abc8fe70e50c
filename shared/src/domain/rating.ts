/** An average of 1–5 stars (null without reviews) and how many reviews it is of. */
export interface Rating {
  average: number | null;
  count: number;
}
