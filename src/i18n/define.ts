// Each domain keeps its messages in its own file (messages/<domain>.ts) so that parallel work
// never edits one big catalog. English defines the keys; zh-CN must supply every one of them.

export type Messages = Record<string, string>;

export interface MessageSet<Keys extends string> {
  en: Record<Keys, string>;
  'zh-CN': Record<Keys, string>;
}

/** Declares one domain's messages; the type makes a missing zh-CN key a compile error. */
export function defineMessages<const En extends Messages>(
  en: En,
  zhCN: Record<keyof En & string, string>,
): MessageSet<keyof En & string> {
  return { en, 'zh-CN': zhCN };
}
