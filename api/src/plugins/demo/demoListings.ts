import type { Category, OfferType, PaymentType } from '@tasko/shared/domain';

export interface DemoListing {
  offerType: OfferType;
  title: string;
  description: string;
  category: Category;
  paymentType: PaymentType;
  amount: number;
  contactPersonName: string;
  phone: string;
  city: string;
  address: string;
}

/** A few listings in each language, so a fresh site looks alive. Phones are in the 050-000 range nobody owns. */
export const DEMO_LISTINGS: DemoListing[] = [
  { offerType: 'job', title: 'Help carrying a sofa to the 3rd floor', description: 'Two-seater sofa, building without an elevator. About an hour of work on Friday morning. Please bring work gloves.', category: 'homeServices', paymentType: 'fixed', amount: 200, contactPersonName: 'Daniel', phone: '0500000101', city: 'Haifa', address: 'Hanassi Ave' },
  { offerType: 'job', title: 'Dog walker for a friendly labrador', description: 'Looking for someone to walk our labrador twice a day, Sunday to Thursday, for three weeks while we are abroad.', category: 'petAndAnimalCare', paymentType: 'hourly', amount: 50, contactPersonName: 'Maya', phone: '0500000102', city: 'Tel Aviv-Yafo', address: 'Florentin' },
  { offerType: 'service', title: 'English tutoring for high-school students', description: 'Native English speaker, five years of experience preparing students for the bagrut. Lessons at your home or online.', category: 'educationAndTutoring', paymentType: 'hourly', amount: 120, contactPersonName: 'Rachel', phone: '0500000103', city: 'Modiin-Maccabim-Reut', address: '' },
  { offerType: 'job', title: 'עזרה בגינה לפני החורף', description: 'גיזום שיחים, ניקוי עלים ופינוי גזם בחצר פרטית. בערך ארבע שעות עבודה, כלים יש במקום.', category: 'homeServices', paymentType: 'fixed', amount: 350, contactPersonName: 'יוסי', phone: '0500000201', city: 'רעננה', address: 'רחוב אחוזה' },
  { offerType: 'job', title: 'סידורים לאישה מבוגרת פעמיים בשבוע', description: 'קניות בסופר, איסוף תרופות מבית המרקחת ועזרה קלה בבית. מתאים לסטודנט או לסטודנטית עם רכב.', category: 'eventAndErrands', paymentType: 'hourly', amount: 45, contactPersonName: 'נועה', phone: '0500000202', city: 'ירושלים', address: 'קריית יובל' },
  { offerType: 'service', title: 'הרכבת רהיטים מאיקאה', description: 'מרכיב ארונות, מיטות ושולחנות במהירות ובזהירות, עם כלים משלי. זמין גם בערבים.', category: 'homeServices', paymentType: 'fixed', amount: 250, contactPersonName: 'אבי', phone: '0500000203', city: 'ראשון לציון', address: '' },
  { offerType: 'job', title: 'مساعدة في تنظيم حفلة عيد ميلاد', description: 'نبحث عن شخصين للمساعدة في التحضير والترتيب يوم السبت من الساعة الرابعة حتى التاسعة مساءً.', category: 'eventAndErrands', paymentType: 'fixed', amount: 300, contactPersonName: 'سامر', phone: '0500000301', city: 'الناصرة', address: 'حي الصفافرة' },
  { offerType: 'service', title: 'دروس خصوصية في الرياضيات', description: 'معلمة رياضيات للمرحلتين الإعدادية والثانوية، تحضير لامتحانات البجروت. دروس فردية أو لمجموعات صغيرة.', category: 'educationAndTutoring', paymentType: 'hourly', amount: 100, contactPersonName: 'رنا', phone: '0500000302', city: 'حيفا', address: 'وادي النسناس' },
  { offerType: 'job', title: 'رعاية قطتين خلال العطلة', description: 'زيارة يومية لإطعام القطتين وتنظيف صندوق الرمل لمدة أسبوع خلال العيد.', category: 'petAndAnimalCare', paymentType: 'fixed', amount: 280, contactPersonName: 'ليلى', phone: '0500000303', city: 'أم الفحم', address: '' },
  { offerType: 'job', title: 'Помочь с переездом: погрузка коробок', description: 'Нужны двое крепких ребят на три часа: спустить коробки и небольшую мебель с четвёртого этажа, лифт есть.', category: 'homeServices', paymentType: 'hourly', amount: 60, contactPersonName: 'Игорь', phone: '0500000401', city: 'Ашдод', address: 'Рова Алеф' },
  { offerType: 'service', title: 'Репетитор по физике и математике', description: 'Бывший преподаватель вуза, готовлю к багруту и психометрии. Занятия на русском или иврите.', category: 'educationAndTutoring', paymentType: 'hourly', amount: 130, contactPersonName: 'Елена', phone: '0500000402', city: 'Беэр-Шева', address: '' },
  { offerType: 'job', title: 'Выгул собаки по утрам', description: 'Спокойный пёс средних размеров, прогулка 40 минут каждое утро с воскресенья по четверг.', category: 'petAndAnimalCare', paymentType: 'fixed', amount: 600, contactPersonName: 'Ольга', phone: '0500000403', city: 'Бат-Ям', address: 'улица Бальфур' },
];
