import { formatDate, useLanguage, UserText, useTranslation, type ReportReason } from '@tasko/shared';
import { ACCOUNT_NS } from '../../accountNamespace';

/** The reports of one listing, review or message: each reason, when it came, and the reporter's note. */
export function ReportList({ reports }: { reports: readonly { reason: ReportReason; note: string; at: string }[] }) {
  const { t } = useTranslation(ACCOUNT_NS);
  const { language } = useLanguage();
  return (
    <ul className="moderation__reports">
      {reports.map((report, i) => (
        <li key={i}>
          <strong>{t(`moderation.reasons.${report.reason}`)}</strong> · <time dateTime={report.at}>{formatDate(report.at, language)}</time>
          {report.note && (
            <UserText block className="moderation__note">
              {report.note}
            </UserText>
          )}
        </li>
      ))}
    </ul>
  );
}
