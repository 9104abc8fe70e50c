import type { Category, OfferType, PaymentType } from '@tasko/shared/domain';
import type { Illustration } from './demoIllustrations.js';

/** Someone who posts demo listings: a user of their own, so a listing's page shows a poster like any other. */
export interface DemoPoster {
  /** Full name; pages show the first name and the initial. */
  name: string;
  /** How long before the seeding they joined ("member since"). */
  memberForDays: number;
}

/**
 * The posters, by a key that also makes their address (`demo-<key>@tasko.local`: `.local` is never delivered
 * to), so seeding again finds the same users.
 */
export const DEMO_POSTERS = {
  maya: { name: 'Maya Friedman', memberForDays: 410 },
  daniel: { name: 'Daniel Katz', memberForDays: 95 },
  rachel: { name: 'Rachel Green', memberForDays: 730 },
  tom: { name: 'Tom Ashkenazi', memberForDays: 38 },
  sarah: { name: 'Sarah Levin', memberForDays: 260 },
  mike: { name: 'Mike Shapiro', memberForDays: 150 },
  shiran: { name: 'שירן אוחיון', memberForDays: 62 },
  yossi: { name: 'יוסי מזרחי', memberForDays: 880 },
  ido: { name: 'עידו ברק', memberForDays: 340 },
  noa: { name: 'נועה לוי', memberForDays: 21 },
  avi: { name: 'אבי פרץ', memberForDays: 515 },
  samer: { name: 'سامر خوري', memberForDays: 120 },
  rana: { name: 'رنا عبد الله', memberForDays: 600 },
  layla: { name: 'ليلى حسن', memberForDays: 44 },
  hiba: { name: 'هبة عودة', memberForDays: 230 },
  fadi: { name: 'فادي حداد', memberForDays: 12 },
  mohammad: { name: 'محمد زبيدات', memberForDays: 390 },
  igor: { name: 'Игорь Смирнов', memberForDays: 75 },
  elena: { name: 'Елена Коган', memberForDays: 920 },
  olga: { name: 'Ольга Белова', memberForDays: 180 },
  marina: { name: 'Марина Ли', memberForDays: 27 },
  dmitry: { name: 'Дмитрий Орлов', memberForDays: 455 },
  svetlana: { name: 'Светлана Рубина', memberForDays: 300 },
} satisfies Record<string, DemoPoster>;
export type DemoPosterKey = keyof typeof DEMO_POSTERS;

export interface DemoListing {
  poster: DemoPosterKey;
  offerType: OfferType;
  title: string;
  description: string;
  category: Category;
  paymentType: PaymentType;
  amount: number;
  contactPersonName: string;
  phone: string;
  /** A name of a GeoNames place (in any of its languages), so the listing gets its place like a posted one. */
  city: string;
  address: string;
  /** How long before the seeding it was posted: minutes to days, so the newest first order and "posted 2 hours ago" mean something. */
  postedMinutesAgo: number;
  /** When its poster last changed it, if ever since posting. */
  editedMinutesAgo?: number;
  /** Drawn at first start (demoPhotos.ts); a few have none, as on any real site, and show their category's drawing. */
  photos: Illustration[];
}

/**
 * Six listings in each language, jobs and services of every category, in towns across the country, posted
 * over the last ten days and listed here newest first (languages interleaved, as a real feed would be).
 * Phones are in the 050-000 range nobody owns.
 */
export const DEMO_LISTINGS: DemoListing[] = [
  {
    poster: 'shiran',
    offerType: 'job',
    title: 'מלצרים ומלצריות לחתונה ביום חמישי',
    description:
      'דרושים 4 מלצרים ומלצריות לחתונה באולם באילת, ביום חמישי מ-18:00 ועד סוף האירוע (בערך 01:00). ניסיון בהגשה – יתרון. לבוש: חולצה לבנה ומכנסיים שחורים. ארוחה והסעה הביתה עלינו.',
    category: 'eventAndErrands',
    paymentType: 'hourly',
    amount: 60,
    contactPersonName: 'שירן',
    phone: '0500000204',
    city: 'אילת',
    address: 'שדרות התמרים',
    postedMinutesAgo: 6,
    photos: [{ scene: 'serving', backdrop: 'peach' }],
  },
  {
    poster: 'maya',
    offerType: 'job',
    title: 'Dog walker for a friendly labrador',
    description:
      "We're abroad for three weeks from the 10th and need someone reliable to walk Bamba, our 4-year-old lab, twice a day (around 7:30 and 18:00), Sunday to Thursday. She's gentle, good on the leash and loves everyone. A neighbour covers the weekends; we'll hand you the keys in person.",
    category: 'petAndAnimalCare',
    paymentType: 'hourly',
    amount: 50,
    contactPersonName: 'Maya',
    phone: '0500000102',
    city: 'Tel Aviv-Yafo',
    address: 'Florentin',
    postedMinutesAgo: 23,
    photos: [{ scene: 'dog', backdrop: 'peach' }],
  },
  {
    poster: 'hiba',
    offerType: 'service',
    title: 'تنظيف بيوت ومكاتب',
    description:
      'أنا وأختي ننظّف البيوت والمكاتب بدقة وأمانة، ومعنا موادّ التنظيف. تنظيف أسبوعي أو تنظيف شامل قبل الأعياد وبعد الترميم. متوفرتان في الصباح من الأحد حتى الجمعة.',
    category: 'homeServices',
    paymentType: 'hourly',
    amount: 60,
    contactPersonName: 'هبة',
    phone: '0500000304',
    city: 'عكا',
    address: 'شارع بن عامي',
    postedMinutesAgo: 52,
    photos: [{ scene: 'cleaning', backdrop: 'mint' }],
  },
  {
    poster: 'igor',
    offerType: 'job',
    title: 'Помочь с переездом: погрузка коробок',
    description:
      'Нужны двое крепких ребят на три часа в пятницу утром: спустить коробки и небольшую мебель с четвёртого этажа и загрузить в машину. Лифт есть, но маленький. Вода и перекус с меня.',
    category: 'homeServices',
    paymentType: 'hourly',
    amount: 60,
    contactPersonName: 'Игорь',
    phone: '0500000401',
    city: 'Ашдод',
    address: 'Рова Алеф',
    postedMinutesAgo: 95,
    photos: [{ scene: 'boxes', backdrop: 'sky' }],
  },
  {
    poster: 'yossi',
    offerType: 'job',
    title: 'עזרה בגינה לפני החורף',
    description:
      'גיזום שיחים, ניקוי עלים ופינוי גזם בחצר פרטית. בערך ארבע שעות עבודה, כל הכלים נמצאים במקום. מתאים לשישי בבוקר או למוצאי שבת.',
    category: 'homeServices',
    paymentType: 'fixed',
    amount: 350,
    contactPersonName: 'יוסי',
    phone: '0500000201',
    city: 'רעננה',
    address: 'רחוב אחוזה',
    postedMinutesAgo: 140,
    photos: [{ scene: 'garden', backdrop: 'lavender' }],
  },
  {
    poster: 'rana',
    offerType: 'service',
    title: 'دروس خصوصية في الرياضيات',
    description:
      'معلّمة رياضيات بخبرة عشر سنوات، أدرّس طلاب المرحلتين الإعدادية والثانوية وأحضّرهم لامتحانات البجروت (3 حتى 5 وحدات). دروس فردية أو لمجموعات صغيرة، في البيت أو عبر الإنترنت.',
    category: 'educationAndTutoring',
    paymentType: 'hourly',
    amount: 100,
    contactPersonName: 'رنا',
    phone: '0500000302',
    city: 'حيفا',
    address: 'وادي النسناس',
    postedMinutesAgo: 210,
    editedMinutesAgo: 35,
    photos: [{ scene: 'chalkboard', backdrop: 'sand' }],
  },
  {
    poster: 'daniel',
    offerType: 'job',
    title: 'Help carrying a sofa to the 3rd floor',
    description:
      "Two-seater sofa, building without an elevator. About an hour of work on Friday morning; I'll be carrying too. Please bring work gloves.",
    category: 'homeServices',
    paymentType: 'fixed',
    amount: 200,
    contactPersonName: 'Daniel',
    phone: '0500000101',
    city: 'Haifa',
    address: 'Hanassi Ave',
    postedMinutesAgo: 300,
    photos: [{ scene: 'sofa', backdrop: 'mint' }],
  },
  {
    poster: 'marina',
    offerType: 'job',
    title: 'Курьер на полдня: развезти заказы',
    description:
      'Небольшой интернет-магазин косметики. Ищем человека с машиной, чтобы по вторникам и четвергам развозить заказы по Ришону и Холону, примерно 4 часа. Бензин оплачиваем отдельно.',
    category: 'eventAndErrands',
    paymentType: 'hourly',
    amount: 55,
    contactPersonName: 'Марина',
    phone: '0500000404',
    city: 'Ришон-ле-Цион',
    address: '',
    postedMinutesAgo: 420,
    photos: [{ scene: 'delivery', backdrop: 'peach' }],
  },
  {
    poster: 'ido',
    offerType: 'service',
    title: 'שיעורי גיטרה למתחילים – ילדים ומבוגרים',
    description:
      'מלמד גיטרה אקוסטית וחשמלית כבר 8 שנים. מתחילים משירים שאתם אוהבים, בלי לחץ של תווים. שיעור ניסיון ראשון במחיר מוזל. אפשר אצלי בסטודיו או אצלכם בבית.',
    category: 'educationAndTutoring',
    paymentType: 'hourly',
    amount: 110,
    contactPersonName: 'עידו',
    phone: '0500000205',
    city: 'כפר סבא',
    address: '',
    postedMinutesAgo: 560,
    photos: [{ scene: 'guitar', backdrop: 'mint' }],
  },
  {
    poster: 'samer',
    offerType: 'job',
    title: 'مساعدة في تنظيم حفلة عيد ميلاد',
    description:
      'نحتاج شخصين للمساعدة في تزيين القاعة وترتيب الطاولات وتقديم الضيافة في عيد ميلاد ابنتي، يوم السبت من الرابعة حتى التاسعة مساءً. المبلغ لكل شخص.',
    category: 'eventAndErrands',
    paymentType: 'fixed',
    amount: 300,
    contactPersonName: 'سامر',
    phone: '0500000301',
    city: 'الناصرة',
    address: 'حي الصفافرة',
    postedMinutesAgo: 780,
    photos: [{ scene: 'party', backdrop: 'rose' }],
  },
  {
    poster: 'rachel',
    offerType: 'service',
    title: 'English tutoring for high-school students',
    description:
      'Native English speaker with five years of experience preparing students for the bagrut (4 and 5 units): reading comprehension, writing and the oral exam. Lessons at your home or online; the first lesson is half price.',
    category: 'educationAndTutoring',
    paymentType: 'hourly',
    amount: 120,
    contactPersonName: 'Rachel',
    phone: '0500000103',
    city: "Modi'in",
    address: '',
    postedMinutesAgo: 1_000,
    photos: [
      { scene: 'books', backdrop: 'lavender' },
      { scene: 'chalkboard', backdrop: 'sky', isMirrored: true },
    ],
  },
  {
    poster: 'elena',
    offerType: 'service',
    title: 'Репетитор по физике и математике',
    description:
      'Бывший преподаватель вуза, готовлю к багруту (5 единиц) и психометрии. Объясняю понятно и без спешки. Занятия на русском или на иврите, у меня дома или по Zoom.',
    category: 'educationAndTutoring',
    paymentType: 'hourly',
    amount: 130,
    contactPersonName: 'Елена',
    phone: '0500000402',
    city: 'Беэр-Шева',
    address: '',
    postedMinutesAgo: 1_300,
    photos: [{ scene: 'atom', backdrop: 'mint' }],
  },
  {
    poster: 'noa',
    offerType: 'job',
    title: 'סידורים לאישה מבוגרת פעמיים בשבוע',
    description:
      'אמא שלי בת 82 וגרה לבד. מחפשת מישהו או מישהי לקניות בסופר, איסוף תרופות מבית המרקחת וקצת עזרה בבית, פעמיים בשבוע לשעתיים בערך. מתאים לסטודנט או לסטודנטית עם רכב.',
    category: 'eventAndErrands',
    paymentType: 'hourly',
    amount: 45,
    contactPersonName: 'נועה',
    phone: '0500000202',
    city: 'ירושלים',
    address: 'קריית יובל',
    postedMinutesAgo: 1_650,
    photos: [{ scene: 'groceries', backdrop: 'sand' }],
  },
  {
    poster: 'layla',
    offerType: 'job',
    title: 'رعاية قطتين خلال العطلة',
    description:
      'مسافرون لمدة أسبوع في العيد، ونبحث عن شخص يزور البيت مرة في اليوم لإطعام القطتين وتغيير الماء وتنظيف صندوق الرمل. القطتان هادئتان ومعتادتان على الناس.',
    category: 'petAndAnimalCare',
    paymentType: 'fixed',
    amount: 280,
    contactPersonName: 'ليلى',
    phone: '0500000303',
    city: 'طمرة',
    address: '',
    postedMinutesAgo: 2_100,
    photos: [{ scene: 'cats', backdrop: 'sky' }],
  },
  {
    poster: 'tom',
    offerType: 'service',
    title: 'Phone and computer help for seniors',
    description:
      'Patient help at your home: setting up WhatsApp and video calls with the grandchildren, moving photos off a full phone, fixing printer and Wi-Fi problems. A visit usually takes an hour or two; the price is per visit, anywhere in Eilat.',
    category: 'other',
    paymentType: 'fixed',
    amount: 150,
    contactPersonName: 'Tom',
    phone: '0500000104',
    city: 'Eilat',
    address: '',
    postedMinutesAgo: 2_600,
    photos: [{ scene: 'laptop', backdrop: 'sky' }],
  },
  {
    poster: 'olga',
    offerType: 'job',
    title: 'Выгул собаки по утрам',
    description:
      'Спокойный пёс средних размеров, прогулка 40 минут каждое утро с воскресенья по четверг, начиная с 7:00. Оплата 600 шекелей в месяц.',
    category: 'petAndAnimalCare',
    paymentType: 'fixed',
    amount: 600,
    contactPersonName: 'Ольга',
    phone: '0500000403',
    city: 'Бат-Ям',
    address: 'улица Бальфур',
    postedMinutesAgo: 3_200,
    photos: [],
  },
  {
    poster: 'avi',
    offerType: 'service',
    title: 'הרכבת רהיטים מאיקאה ומכל חנות',
    description:
      'מרכיב ארונות, מיטות, שידות ומדפים, כולל תלייה על הקיר. מגיע עם כל הכלים, עובד נקי ומפנה את הקרטונים. זמין גם בערבים. המחיר לפריט בינוני; לארון גדול – הצעת מחיר.',
    category: 'homeServices',
    paymentType: 'fixed',
    amount: 250,
    contactPersonName: 'אבי',
    phone: '0500000203',
    city: 'ראשון לציון',
    address: '',
    postedMinutesAgo: 3_900,
    editedMinutesAgo: 1_200,
    photos: [{ scene: 'tools', backdrop: 'rose' }],
  },
  {
    poster: 'fadi',
    offerType: 'job',
    title: 'مطلوب عمّال لقطف الزيتون',
    description:
      'بدأ موسم الزيتون! نحتاج ثلاثة عمّال لقطف الزيتون في كرم العائلة قرب البلد، من السابعة صباحًا حتى الثانية ظهرًا، لمدة أسبوع تقريبًا. الفطور والقهوة علينا.',
    category: 'other',
    paymentType: 'hourly',
    amount: 45,
    contactPersonName: 'فادي',
    phone: '0500000305',
    city: 'شفاعمرو',
    address: '',
    postedMinutesAgo: 4_700,
    photos: [{ scene: 'olives', backdrop: 'sand' }],
  },
  {
    poster: 'sarah',
    offerType: 'job',
    title: 'Evening babysitter for two kids (6 and 9)',
    description:
      'Two evenings a week, 18:30 to 22:30, usually Monday and Wednesday. The kids are easy-going: dinner, bath, a story and bed. Looking for someone with experience and references; English or Hebrew is fine.',
    category: 'other',
    paymentType: 'hourly',
    amount: 55,
    contactPersonName: 'Sarah',
    phone: '0500000105',
    city: 'Jerusalem',
    address: 'Emek Refaim',
    postedMinutesAgo: 5_600,
    photos: [],
  },
  {
    poster: 'dmitry',
    offerType: 'service',
    title: 'Ремонт и настройка компьютеров на дому',
    description:
      'Переустановка Windows, чистка от вирусов, замена диска на SSD, настройка Wi-Fi и принтера. Приеду к вам или заберу ноутбук в мастерскую. Цена за вызов, всё остальное обсуждаем заранее.',
    category: 'other',
    paymentType: 'fixed',
    amount: 150,
    contactPersonName: 'Дмитрий',
    phone: '0500000405',
    city: 'Хайфа',
    address: '',
    postedMinutesAgo: 6_700,
    photos: [],
  },
  {
    poster: 'avi',
    offerType: 'service',
    title: 'הובלות קטנות ודירות סטודנטים',
    description:
      'רכב מסחרי עם מעלון, מתאים לדירת חדר-שניים, למקרר או למכונת כביסה. עוזר בהעמסה ובפריקה, עטיפה של רהיטים כלולה. פועל באזור באר שבע והדרום.',
    category: 'homeServices',
    paymentType: 'fixed',
    amount: 300,
    contactPersonName: 'אבי',
    phone: '0500000203',
    city: 'באר שבע',
    address: '',
    postedMinutesAgo: 8_000,
    photos: [
      { scene: 'van', backdrop: 'sky' },
      { scene: 'boxes', backdrop: 'peach', isMirrored: true },
    ],
  },
  {
    poster: 'mohammad',
    offerType: 'service',
    title: 'تصوير أعراس ومناسبات',
    description:
      'مصوّر فوتوغرافي وفيديو للأعراس والخطوبات وأعياد الميلاد. السعر يشمل يوم تصوير كاملًا وتسليم الصور بعد التعديل خلال أسبوعين. أرسلوا لي تاريخ المناسبة لنتفق على التفاصيل.',
    category: 'other',
    paymentType: 'fixed',
    amount: 1_500,
    contactPersonName: 'محمد',
    phone: '0500000306',
    city: 'سخنين',
    address: '',
    postedMinutesAgo: 9_500,
    photos: [{ scene: 'camera', backdrop: 'lavender' }],
  },
  {
    poster: 'mike',
    offerType: 'service',
    title: 'Deep cleaning after renovation or before moving in',
    description:
      'Two of us, with professional products and equipment: windows, kitchen cabinets inside and out, bathrooms, plaster dust everywhere. Evenings and Fridays too. Send a few photos on WhatsApp and we will give you a price.',
    category: 'homeServices',
    paymentType: 'hourly',
    amount: 70,
    contactPersonName: 'Mike',
    phone: '0500000106',
    city: 'Netanya',
    address: '',
    postedMinutesAgo: 11_500,
    photos: [],
  },
  {
    poster: 'svetlana',
    offerType: 'service',
    title: 'Передержка кошек и собак у меня дома',
    description:
      'Частный дом с огороженным двором, своих животных нет. Возьму кошку или небольшую собаку, пока вы в отпуске: гуляю дважды в день и каждый день присылаю фото. 80 шекелей в сутки.',
    category: 'petAndAnimalCare',
    paymentType: 'fixed',
    amount: 80,
    contactPersonName: 'Светлана',
    phone: '0500000406',
    city: 'Кармиэль',
    address: '',
    postedMinutesAgo: 13_600,
    photos: [{ scene: 'pets', backdrop: 'rose' }],
  },
];
