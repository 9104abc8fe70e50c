import { useAtomValue } from 'jotai';
import { Link, useLocation } from '@tasko/shared/router';
import {
  formatNumber,
  isLoggedInAtom,
  splitLanguagePrefix,
  unreadTotalAtom,
  useLanguage,
  useLocalizedPath,
  useTranslation,
  withoutTrailingSlashes,
} from '@tasko/shared';
import { isSignInStep } from './UserMenu';

/** Past this the badge says "99+": three digits would widen the header's row on a phone. */
const MAX_SHOWN_UNREAD = 99;

/**
 * Messages, beside the account, on every page of a signed-in member: an icon, and the number of messages
 * they have not read (`unreadTotalAtom`, kept by the live event stream) while there are some. The count is
 * in the link's name ("Messages, 3 unread"); the badge only shows it.
 */
export function MessagesLink() {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const isLoggedIn = useAtomValue(isLoggedInAtom);
  const unread = useAtomValue(unreadTotalAtom);
  const { pathname } = useLocation();
  const localized = useLocalizedPath();

  if (!isLoggedIn || isSignInStep(pathname)) return null;

  const path = withoutTrailingSlashes(splitLanguagePrefix(pathname).path);
  // The list itself is the page; a conversation is within it.
  const current = path === '/messages' ? 'page' : path.startsWith('/messages/') ? 'true' : undefined;
  const hasUnread = unread !== null && unread > 0;

  return (
    <Link className="header-button messages-link" to={localized('/messages')} aria-current={current}>
      <ChatIcon />
      <span className="visually-hidden">{hasUnread ? t('nav.messagesUnread', { count: unread }) : t('nav.messages')}</span>
      {hasUnread && (
        <span className="messages-link__badge" aria-hidden="true" dir="ltr">
          {unread > MAX_SHOWN_UNREAD ? `${formatNumber(MAX_SHOWN_UNREAD, language)}+` : formatNumber(unread, language)}
        </span>
      )}
    </Link>
  );
}

/** A speech bubble, drawn: the same in every script, and not mirrored (it points at no direction of reading). */
function ChatIcon() {
  return (
    <svg className="messages-link__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 4v-4A1.5 1.5 0 0 1 4 14.5z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}
