import { useEffect, useRef, useState } from 'react';
import {
  api,
  DEAL_LIMITS,
  formatDate,
  LiveNotice,
  RetryPanel,
  toApiError,
  useLanguage,
  UserText,
  useTranslation,
  type BlockedMember,
  type MessageKey,
  type Notice,
} from '@tasko/shared';
import { ShowMoreButton, useCursorList } from '@tasko/shared/cursorList';
import { ACCOUNT_NS } from '../../accountNamespace';

/**
 * "People you blocked" on /settings (docs/deal.md, "Blocks"): each member I blocked in a conversation, when,
 * and Unblock. A block covers every listing and conversation of the two of us; unblocking undoes it at once and
 * can be undone by blocking again, so it is not asked first. The most recent first, a page at a time.
 */
export function BlockedMembers() {
  const { t } = useTranslation(ACCOUNT_NS);
  const { t: common } = useTranslation('common');
  const { language } = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const list = useCursorList<BlockedMember>({
    key: 'blocked-members',
    load: ({ cursor, signal }) =>
      api.deal
        .blockedMembers({ cursor, limit: DEAL_LIMITS.blockedMembersPageSize, signal })
        .then((page) => ({ items: page.members, nextCursor: page.nextCursor })),
    idOf: (member) => member.id,
    focusOf: (id) => buttons.current.get(id),
  });
  const { state, retry, update } = list;
  const [busyId, setBusyId] = useState<number | null>(null);
  const [failures, setFailures] = useState<Record<number, MessageKey>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  // Where the keyboard goes after the render without the unblocked row: the next row's button, else the heading.
  const focusAfterRender = useRef<{ id: number | null } | null>(null);
  useEffect(() => {
    const wish = focusAfterRender.current;
    if (!wish) return;
    focusAfterRender.current = null;
    (wish.id === null ? heading.current : buttons.current.get(wish.id))?.focus();
  });

  const members = state.status === 'loaded' ? state.items : null;
  const nameOf = (member: BlockedMember) => member.displayName || t('blockedMembers.noName');

  const unblock = async (member: BlockedMember) => {
    if (busyId !== null || !members) return;
    setBusyId(member.id);
    setNotice(null);
    setFailures(({ [member.id]: _, ...others }) => others);
    try {
      await api.deal.unblock(member.id).catch((error: unknown) => {
        // Already unblocked (in another tab): what the member wanted is done.
        if (toApiError(error).statusCode !== 404) throw error;
      });
      const index = members.findIndex((m) => m.id === member.id);
      const next = members[index + 1] ?? members[index - 1];
      focusAfterRender.current = { id: next ? next.id : null };
      update((shown) => shown.filter((m) => m.id !== member.id));
      setNotice({ kind: 'success', text: t('blockedMembers.unblocked', { name: nameOf(member) }) });
    } catch (error) {
      setFailures((others) => ({ ...others, [member.id]: toApiError(error).messageKey }));
    } finally {
      setBusyId(null);
    }
  };

  return (
    <section className="blocked-members" aria-labelledby="blocked-members-title">
      <h2 id="blocked-members-title" ref={heading} tabIndex={-1}>
        {t('blockedMembers.title')}
      </h2>
      <p className="account-card__note">{t('blockedMembers.intro')}</p>
      <LiveNotice notice={notice} />
      {state.status === 'loading' && <p role="status">{common('loading')}</p>}
      {state.status === 'failed' && (
        <RetryPanel message={t('blockedMembers.loadFailed')} retryLabel={common('remoteError.retry')} onRetry={retry} />
      )}
      {members?.length === 0 && <p className="blocked-members__empty">{t('blockedMembers.empty')}</p>}
      {members && members.length > 0 && (
        <ul className="blocked-members__list">
          {members.map((member) => {
            const name = nameOf(member);
            const failure = failures[member.id];
            return (
              <li key={member.id} className="card blocked-members__item" aria-busy={busyId === member.id}>
                <div className="blocked-members__who">
                  <UserText className="blocked-members__name">{name}</UserText>
                  <time dateTime={member.blockedAt}>{t('blockedMembers.since', { date: formatDate(member.blockedAt, language) })}</time>
                </div>
                {/* Busy, not disabled: the keyboard stays on it while the answer is on its way. */}
                <button
                  ref={(button) => {
                    if (button) buttons.current.set(member.id, button);
                    else buttons.current.delete(member.id);
                  }}
                  type="button"
                  className="button"
                  aria-label={t('blockedMembers.unblockLabel', { name })}
                  aria-disabled={busyId === member.id || undefined}
                  onClick={() => void unblock(member)}
                >
                  {t('blockedMembers.unblock')}
                </button>
                {failure && (
                  <p className="alert alert--error blocked-members__failure" role="alert">
                    {t('blockedMembers.unblockFailed', { name, error: common([`errors.${failure}`, 'errors.serverError']) })}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ShowMoreButton list={list} label={t('blockedMembers.more')} failedText={t('blockedMembers.moreFailed')} />
    </section>
  );
}
