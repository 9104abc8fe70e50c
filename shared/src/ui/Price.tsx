import { useTranslation } from '../i18n/useTranslation';
import type { PaymentType } from '../domain/listing';
import { formatShekels } from '../format/number';
import { useLanguage } from '../i18n/useLanguage';

/** ₪ with the page's number format, and the per-hour suffix for hourly pay (docs/product.md#languages-and-layout). */
export function Price({ amount, paymentType, className }: { amount: number; paymentType: PaymentType; className?: string }) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const price = formatShekels(amount, language);
  return <bdi className={className}>{paymentType === 'hourly' ? t('price.perHour', { price }) : price}</bdi>;
}
