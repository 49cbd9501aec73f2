import type { Language } from '@vowa/shared/settings/settings-constants';
import type { NotificationKind } from './notification-kinds';

/** One deal in a deal alert, already formatted for the reader. */
export type DealLine = {
  destination: string;
  dates: string;
  total: string;
  savings: string;
  expiry: string;
};

export type NotificationTexts = {
  /** The switches as the Settings screen names them (the web app's catalogs). */
  switches: Record<NotificationKind, string>;
  footer: {
    /** Why this arrived: the switch that is on. */
    because: (switchName: string) => string;
    manage: string;
    signature: string;
  };
  dealAlert: {
    subject: (count: number) => string;
    intro: string;
    line: (deal: DealLine) => string;
    action: string;
  };
  digest: {
    subject: string;
    intro: string;
    tripsHeading: string;
    trip: (trip: { destination: string; dates: string; total: string }) => string;
    noTrips: string;
    bucketHeading: string;
    bucket: (items: number, completed: number) => string;
    noBucket: string;
    budget: (amount: string) => string;
    action: string;
  };
};

/**
 * The notification emails' words in the five languages of the settings (part 1 §3). Short on
 * purpose: the subject says what happened, the body lists it, one link opens the app.
 */
export const notificationTexts: Record<Language, NotificationTexts> = {
  en: {
    switches: {
      dealAlerts: 'Deal alerts',
      bookingConfirmations: 'Booking confirmations',
      priceDropAlerts: 'Price drop alerts',
      weeklyDigest: 'Weekly digest',
    },
    footer: {
      because: (name) =>
        `You get this email because “${name}” is on in your notification settings.`,
      manage: 'Manage notifications',
      signature: '— Vowa, your budget-aware travel planner',
    },
    dealAlert: {
      subject: (count) =>
        count === 1 ? 'A hot deal within your budget' : `${count} hot deals within your budget`,
      intro: 'Trips within your budget just became hot deals:',
      line: (d) =>
        `${d.destination}, ${d.dates}: ${d.total} for two (save ${d.savings}), offer valid until ${d.expiry}`,
      action: 'See the deals',
    },
    digest: {
      subject: 'Your week with Vowa',
      intro: 'Here is your weekly round-up.',
      tripsHeading: 'Top trips for your budget',
      trip: (t) => `${t.destination}, ${t.dates}: ${t.total} for two`,
      noTrips: 'No trips fit your budget this week.',
      bucketHeading: 'Your bucket list',
      bucket: (items, completed) => `${completed} of ${items} places done`,
      noBucket: 'Your bucket list is empty: add your dream destinations.',
      budget: (amount) => `Your trip budget: ${amount}`,
      action: 'Open Vowa',
    },
  },
  es: {
    switches: {
      dealAlerts: 'Alertas de ofertas',
      bookingConfirmations: 'Confirmaciones de reserva',
      priceDropAlerts: 'Alertas de bajada de precio',
      weeklyDigest: 'Resumen semanal',
    },
    footer: {
      because: (name) =>
        `Recibes este correo porque «${name}» está activado en tus ajustes de notificaciones.`,
      manage: 'Gestionar notificaciones',
      signature: '— Vowa, tu planificador de viajes con presupuesto',
    },
    dealAlert: {
      subject: (count) =>
        count === 1
          ? 'Una gran oferta dentro de tu presupuesto'
          : `${count} grandes ofertas dentro de tu presupuesto`,
      intro: 'Estos viajes dentro de tu presupuesto son ahora grandes ofertas:',
      line: (d) =>
        `${d.destination}, ${d.dates}: ${d.total} para dos (ahorras ${d.savings}), oferta válida hasta ${d.expiry}`,
      action: 'Ver las ofertas',
    },
    digest: {
      subject: 'Tu semana con Vowa',
      intro: 'Este es tu resumen semanal.',
      tripsHeading: 'Los mejores viajes para tu presupuesto',
      trip: (t) => `${t.destination}, ${t.dates}: ${t.total} para dos`,
      noTrips: 'Esta semana ningún viaje cabe en tu presupuesto.',
      bucketHeading: 'Tu lista de deseos',
      bucket: (items, completed) => `${completed} de ${items} lugares completados`,
      noBucket: 'Tu lista de deseos está vacía: añade los destinos de tus sueños.',
      budget: (amount) => `Tu presupuesto por viaje: ${amount}`,
      action: 'Abrir Vowa',
    },
  },
  fr: {
    switches: {
      dealAlerts: 'Alertes bons plans',
      bookingConfirmations: 'Confirmations de réservation',
      priceDropAlerts: 'Alertes de baisse de prix',
      weeklyDigest: 'Récapitulatif hebdomadaire',
    },
    footer: {
      because: (name) =>
        `Vous recevez cet e-mail car « ${name} » est activé dans vos paramètres de notification.`,
      manage: 'Gérer les notifications',
      signature: '— Vowa, votre planificateur de voyages qui respecte votre budget',
    },
    dealAlert: {
      subject: (count) =>
        count === 1 ? 'Un bon plan dans votre budget' : `${count} bons plans dans votre budget`,
      intro: 'Ces voyages dans votre budget sont devenus des offres exceptionnelles :',
      line: (d) =>
        `${d.destination}, ${d.dates} : ${d.total} pour deux (${d.savings} d’économie), offre valable jusqu’au ${d.expiry}`,
      action: 'Voir les offres',
    },
    digest: {
      subject: 'Votre semaine avec Vowa',
      intro: 'Voici votre récapitulatif de la semaine.',
      tripsHeading: 'Les meilleurs voyages pour votre budget',
      trip: (t) => `${t.destination}, ${t.dates} : ${t.total} pour deux`,
      noTrips: 'Aucun voyage ne rentre dans votre budget cette semaine.',
      bucketHeading: 'Votre liste de rêves',
      bucket: (items, completed) => `${completed} lieux réalisés sur ${items}`,
      noBucket: 'Votre liste de rêves est vide : ajoutez vos destinations de rêve.',
      budget: (amount) => `Votre budget par voyage : ${amount}`,
      action: 'Ouvrir Vowa',
    },
  },
  de: {
    switches: {
      dealAlerts: 'Angebotsalarme',
      bookingConfirmations: 'Buchungsbestätigungen',
      priceDropAlerts: 'Preisalarme',
      weeklyDigest: 'Wochenüberblick',
    },
    footer: {
      because: (name) =>
        `Du erhältst diese E-Mail, weil „${name}“ in deinen Benachrichtigungseinstellungen aktiviert ist.`,
      manage: 'Benachrichtigungen verwalten',
      signature: '— Vowa, dein budgetbewusster Reiseplaner',
    },
    dealAlert: {
      subject: (count) =>
        count === 1 ? 'Ein Top-Angebot in deinem Budget' : `${count} Top-Angebote in deinem Budget`,
      intro: 'Diese Reisen in deinem Budget sind jetzt Top-Angebote:',
      line: (d) =>
        `${d.destination}, ${d.dates}: ${d.total} für zwei (du sparst ${d.savings}), gültig bis ${d.expiry}`,
      action: 'Angebote ansehen',
    },
    digest: {
      subject: 'Deine Woche mit Vowa',
      intro: 'Hier ist dein Wochenüberblick.',
      tripsHeading: 'Die besten Reisen für dein Budget',
      trip: (t) => `${t.destination}, ${t.dates}: ${t.total} für zwei`,
      noTrips: 'Diese Woche passt keine Reise in dein Budget.',
      bucketHeading: 'Deine Bucket List',
      bucket: (items, completed) => `${completed} von ${items} Zielen erreicht`,
      noBucket: 'Deine Bucket List ist leer: Füge deine Traumziele hinzu.',
      budget: (amount) => `Dein Reisebudget: ${amount}`,
      action: 'Vowa öffnen',
    },
  },
  ja: {
    switches: {
      dealAlerts: 'お得情報アラート',
      bookingConfirmations: '予約確認',
      priceDropAlerts: '値下がりアラート',
      weeklyDigest: '週間ダイジェスト',
    },
    footer: {
      because: (name) =>
        `通知設定で「${name}」がオンになっているため、このメールをお送りしています。`,
      manage: '通知設定を管理',
      signature: '— Vowa（予算にやさしい旅行プランナー）',
    },
    dealAlert: {
      subject: (count) =>
        count === 1
          ? '予算内のお得な旅行が見つかりました'
          : `予算内のお得な旅行が${count}件見つかりました`,
      intro: '予算内の次の旅行が特価になりました：',
      line: (d) =>
        `${d.destination}、${d.dates}：2名で${d.total}（${d.savings}お得）、${d.expiry}まで有効`,
      action: 'お得な旅行を見る',
    },
    digest: {
      subject: 'Vowa 今週のまとめ',
      intro: '今週のまとめをお届けします。',
      tripsHeading: '予算に合ったおすすめ旅行',
      trip: (t) => `${t.destination}、${t.dates}：2名で${t.total}`,
      noTrips: '今週は予算内の旅行がありません。',
      bucketHeading: 'バケットリスト',
      bucket: (items, completed) => `${items}件中${completed}件達成`,
      noBucket: 'バケットリストは空です。行きたい場所を追加しましょう。',
      budget: (amount) => `旅行予算：${amount}`,
      action: 'Vowa を開く',
    },
  },
};
