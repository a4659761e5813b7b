/**
 * The Spanish core table: the frame's UI labels and the error catalogue's texts. Loaded on demand
 * (its own chunk) by `loadLocale`. `satisfies CoreTable` makes a missing key a compile error.
 */
import type { CoreTable, TemplateLabels } from './en';
// dayjs's month and day names for this language (i18n/dates.ts): they ride with this table.
// With its extension: the e2e suite imports this table in Node, whose ESM resolution needs it.
import 'dayjs/locale/es.js';

/** Labels of the server's templates by attribute or group name (en.ts TemplateName). */
export const templateLabels: TemplateLabels = {
  email: 'Correo electrónico',
  password: 'Contraseña',
  firstName: 'Nombre',
  lastName: 'Apellidos',
  displayName: 'Nombre visible',
  birthDate: 'Fecha de nacimiento',
  phone: 'Teléfono',
  fullName: 'Nombre completo',
  line1: 'Dirección (línea 1)',
  line2: 'Dirección (línea 2)',
  city: 'Ciudad',
  postalCode: 'Código postal',
  country: 'País (código ISO, p. ej. ES)',
  authDetails: 'Cuenta',
  personalDetails: 'Datos personales',
  otherDetails: 'Otros datos',
  deliveryAddress: 'Dirección de entrega',
  billingAddress: 'Dirección de facturación',
};

const es = {
  // Error catalogue (shared/api IDENTITY_ERRORS)
  SESSION_HAS_EXPIRED: 'Tu sesión ha caducado. Vuelve a iniciar sesión.',
  SESSION_NOT_FOUND: 'No se encontró tu sesión. Vuelve a iniciar sesión.',
  REQUIRED_ATTRIBUTE_MISSING: 'Falta información que tu cuenta necesita para este servicio.',
  access_denied: 'Estamos teniendo dificultades técnicas. Inténtalo de nuevo más tarde.',
  secure_session_expired: 'La sesión ha caducado.',
  IDENTIFIERS_INVALID:
    'Usuario o contraseña no válidos. Restablece tu contraseña con el enlace «¿Olvidaste tu contraseña?» e inténtalo de nuevo.',
  IDENTIFIERS_NOT_FOUND: 'No encontramos la cuenta; registra una cuenta nueva.',
  user_profile_inactive: 'Tu cuenta aún no está activada',
  USER_PROFILE_LOCKED: 'Tu cuenta está bloqueada. Ponte en contacto con el sitio para desbloquearla.',
  TOO_MANY_ATTEMPTS: 'Demasiados intentos. Espera {0} minutos antes de volver a intentarlo.',
  USER_PROFILE_IDENTIFIERS_NOT_FOUND: 'Este identificador está disponible.',
  ATTRIBUTE_VALIDATION_FAILED: 'No se pudo aceptar la nueva contraseña. Revísala e inténtalo de nuevo.',
  reset_validation_failed: 'No se pudo aceptar la nueva contraseña. Revísala e inténtalo de nuevo.',
  RESET_USER_PROFILE_NOT_FOUND: 'Este enlace de restablecimiento ya se ha usado o ha caducado.',
  reset_key_used: 'Este enlace de restablecimiento ya se ha usado o ha caducado.',
  ACTIVATION_KEY_NOT_FOUND: 'Este enlace de activación ya se ha usado o ha caducado.',
  DUPLICATE_IDENTIFIERS_FOUND: '¡La cuenta ya está asociada! Registra una cuenta nueva.',
  duplicate_user_profile: '¡El correo electrónico ya está en uso! Inicia sesión o usa otra dirección de correo.',
  user_linked_with_different_account: 'Esta cuenta social está vinculada a otra cuenta.',
  USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK: 'Tu cuenta ya está vinculada a esta red social.',
  unlink_user_social_network: 'Completa tu perfil antes de desvincular esta red social.',
  general_attribute_mandatory: '{0} es obligatorio.',
  general_attributes_mandatory: '{0} son obligatorios.',
  technical_difficulties: 'Estamos teniendo dificultades técnicas. Inténtalo de nuevo más tarde.',
  NETWORK_ERROR: 'No pudimos conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
  VALIDATION_FAILED: 'Parte de la información enviada no es válida: {0}',
  NOT_FOUND: 'No encontrado.',
  SERVICE_NOT_FOUND: 'El servicio {0} no existe.',
  AUTHENTICATION_SCHEME_NOT_FOUND: 'El esquema de autenticación {0} no existe.',
  USER_PROFILE_NOT_FOUND: 'No se encontró la cuenta.',
  UNAUTHORIZED: 'Necesitas iniciar sesión para usar este widget',
  FORBIDDEN: 'No tienes permiso para hacer esto.',
  ORIGIN_NOT_ALLOWED: 'Este sitio no tiene permiso para usar estos widgets.',
  NOT_LOGGED_IN: '¡No has iniciado sesión!',
  USER_NOT_LOGGED_IN: 'El usuario no ha iniciado sesión.',
  INVALID_WIDGET_CONFIG: 'Este widget no está configurado correctamente: {0}',
  WIDGET_NOT_AVAILABLE: 'Este widget aún no está disponible.',
  SEAMLESS_DOMAINS_NOT_FOUND: 'No se encontraron los dominios participantes del inicio de sesión único',
  COOKIES_DISABLED: 'las cookies están desactivadas',
  ACTIVATION_KEY_MISSING: '¡No se encontró la clave de activación!',
  AUTH_SCHEME_EMPTY: '¡El esquema de autenticación no debe estar vacío!',
  SERVICE_NAME_EMPTY: '¡El nombre del servicio no debe estar vacío!',
  MISSING_ATTRIBUTES_NOT_FOUND: 'No se encontró ningún atributo que falte para el servicio',
  RECAPTCHA_VERIFICATION_FAILED: 'Verifica que no eres un robot',
  RECAPTCHA_SITE_KEY_REQUIRED: 'Se requiere la clave de sitio de Google reCAPTCHA.',
  NOT_SUPPORTED_ACTION: 'Acción no admitida',
  // UI labels (en.ts EN_LABELS)
  'frame.title': 'Widget de Foyer',
  'frame.loading': 'Cargando…',
  'frame.close': 'Cerrar',
  'frame.retry': 'Reintentar',
  'frame.errorCode': 'Código de error',
  'frame.events.title': 'Eventos',
  'frame.events.description':
    'Este widget se abrió directamente, no dentro de una página del sitio. Aquí se listan los eventos que enviaría a la página.',
  'frame.events.empty': 'Aún no hay eventos.',
  'field.required': '{0} es obligatorio.',
  'field.invalidEmail': 'Introduce una dirección de correo electrónico válida.',
  'field.tooLong': '{0} debe tener como máximo {1} caracteres.',
  'login.title': 'Iniciar sesión',
  'login.submit': 'Iniciar sesión',
  'login.submitting': 'Iniciando sesión…',
  'login.rememberMe': 'Recordarme',
  'login.loggedIn': 'Has iniciado sesión',
  'login.forgotPassword': '¿Olvidaste tu contraseña?',
  'login.register': 'Crear una cuenta',
  'login.resendActivation': 'Reenviar el correo de activación',
  'login.activationResent': 'Si tu cuenta aún necesita activarse, te hemos enviado un nuevo correo de activación.',
  'logout.submit': 'Cerrar sesión',
  'logout.submitting': 'Cerrando sesión…',
  'profile.title': 'Tu cuenta',
  'profile.notLoggedIn': 'No has iniciado sesión.',
  'profile.attribute.email': templateLabels.email,
  'profile.attribute.firstName': templateLabels.firstName,
  'profile.attribute.lastName': templateLabels.lastName,
  'profile.attribute.displayName': templateLabels.displayName,
} satisfies CoreTable;

/** The purchase widgets' texts ride along: only a visitor who reads this language downloads them. */
export default es;
