/** A notification as the browser sees it (the feed, the bell, the live stream). */
export type FeedItem = {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  imei: string | null;
  createdAt: string;
  readAt: string | null;
};
