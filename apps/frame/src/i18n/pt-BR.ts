/**
 * The Brazilian Portuguese core table: the frame's UI labels and the error catalogue's texts.
 * Loaded on demand (its own chunk) by `loadLocale`. `satisfies CoreTable` makes a missing key a
 * compile error.
 */
import type { CoreTable } from './en';
// dayjs's month and day names for this language (i18n/dates.ts): they ride with this table.
import 'dayjs/locale/pt-br';

const ptBR = {
  // Error catalogue (shared/api IDENTITY_ERRORS)
  SESSION_HAS_EXPIRED: 'Sua sessão expirou. Faça login novamente.',
  SESSION_NOT_FOUND: 'Sua sessão não foi encontrada. Faça login novamente.',
  REQUIRED_ATTRIBUTE_MISSING: 'Faltam informações que sua conta precisa para este serviço.',
  access_denied: 'Estamos com dificuldades técnicas. Tente novamente mais tarde.',
  secure_session_expired: 'A sessão expirou.',
  IDENTIFIERS_INVALID:
    'Usuário ou senha inválidos. Redefina sua senha pelo link "Esqueci minha senha" e tente novamente.',
  IDENTIFIERS_NOT_FOUND: 'Não encontramos a conta; cadastre uma nova conta.',
  user_profile_inactive: 'Sua conta ainda não foi ativada',
  USER_PROFILE_LOCKED: 'Sua conta está bloqueada. Entre em contato com o site para desbloqueá-la.',
  TOO_MANY_ATTEMPTS: 'Muitas tentativas. Aguarde {0} minutos antes de tentar novamente.',
  USER_PROFILE_IDENTIFIERS_NOT_FOUND: 'Este identificador está disponível.',
  ATTRIBUTE_VALIDATION_FAILED: 'Não foi possível aceitar a nova senha. Verifique-a e tente novamente.',
  reset_validation_failed: 'Não foi possível aceitar a nova senha. Verifique-a e tente novamente.',
  RESET_USER_PROFILE_NOT_FOUND: 'Este link de redefinição já foi usado ou expirou.',
  reset_key_used: 'Este link de redefinição já foi usado ou expirou.',
  ACTIVATION_KEY_NOT_FOUND: 'Este link de ativação já foi usado ou expirou.',
  DUPLICATE_IDENTIFIERS_FOUND: 'A conta já está associada! Cadastre uma nova conta.',
  duplicate_user_profile: 'E-mail já em uso! Faça login ou use outro endereço de e-mail.',
  user_linked_with_different_account: 'Esta conta social está vinculada a outra conta.',
  USER_ALREADY_LINKED_WITH_SAME_SOCIAL_NETWORK: 'Sua conta já está vinculada a esta rede social.',
  unlink_user_social_network: 'Complete seu perfil antes de desvincular esta rede social.',
  general_attribute_mandatory: '{0} é obrigatório.',
  general_attributes_mandatory: '{0} são obrigatórios.',
  technical_difficulties: 'Estamos com dificuldades técnicas. Tente novamente mais tarde.',
  NETWORK_ERROR: 'Não conseguimos acessar o servidor. Verifique sua conexão e tente novamente.',
  VALIDATION_FAILED: 'Algumas informações enviadas não são válidas: {0}',
  NOT_FOUND: 'Não encontrado.',
  SERVICE_NOT_FOUND: 'O serviço {0} não existe.',
  AUTHENTICATION_SCHEME_NOT_FOUND: 'O esquema de autenticação {0} não existe.',
  USER_PROFILE_NOT_FOUND: 'A conta não foi encontrada.',
  UNAUTHORIZED: 'Você precisa estar conectado para usar este widget',
  FORBIDDEN: 'Você não tem permissão para fazer isso.',
  ORIGIN_NOT_ALLOWED: 'Este site não tem permissão para usar estes widgets.',
  FRAME_NOT_BOUND: 'Este formulário expirou ou pertence a outro site. Recarregue a página.',
  NOT_LOGGED_IN: 'Você não está conectado!',
  USER_NOT_LOGGED_IN: 'O usuário não está conectado.',
  INVALID_WIDGET_CONFIG: 'Este widget não está configurado corretamente: {0}',
  WIDGET_NOT_AVAILABLE: 'Este widget ainda não está disponível.',
  SEAMLESS_DOMAINS_NOT_FOUND: 'Não foi possível encontrar os domínios participantes do login único',
  COOKIES_DISABLED: 'os cookies estão desativados',
  ACTIVATION_KEY_MISSING: 'Não foi possível encontrar a chave de ativação!',
  AUTH_SCHEME_EMPTY: 'O esquema de autenticação não deve estar vazio!',
  SERVICE_NAME_EMPTY: 'O nome do serviço não deve estar vazio!',
  MISSING_ATTRIBUTES_NOT_FOUND: 'Não foi possível encontrar atributos faltantes para o serviço',
  RECAPTCHA_VERIFICATION_FAILED: 'Confirme que você não é um robô',
  RECAPTCHA_SITE_KEY_REQUIRED: 'A chave do site do Google reCAPTCHA é obrigatória.',
  NOT_SUPPORTED_ACTION: 'Ação não suportada',
  // UI labels (en.ts EN_LABELS)
  'frame.title': 'Widget do Foyer',
  'frame.loading': 'Carregando…',
  'frame.close': 'Fechar',
  'frame.retry': 'Tentar novamente',
  'frame.errorCode': 'Código do erro',
  'frame.events.title': 'Eventos',
  'frame.events.description':
    'Este widget foi aberto diretamente, não em uma página do site. Os eventos que ele enviaria à página aparecem aqui.',
  'frame.events.empty': 'Nenhum evento ainda.',
  'field.required': '{0} é obrigatório.',
  'field.invalidEmail': 'Informe um endereço de e-mail válido.',
  'field.tooLong': '{0} deve ter no máximo {1} caracteres.',
  'login.title': 'Entrar',
  'login.submit': 'Entrar',
  'login.submitting': 'Entrando…',
  'login.rememberMe': 'Lembrar de mim',
  'login.loggedIn': 'Você está conectado',
  'login.forgotPassword': 'Esqueceu sua senha?',
  'login.register': 'Criar uma conta',
  'login.resendActivation': 'Reenviar o e-mail de ativação',
  'login.activationResent': 'Se sua conta ainda precisar de ativação, enviamos um novo e-mail de ativação.',
  'logout.submit': 'Sair',
  'logout.submitting': 'Saindo…',
  'profile.title': 'Sua conta',
  'profile.notLoggedIn': 'Você não está conectado.',
  'profile.attribute.email': 'E-mail',
  'profile.attribute.firstName': 'Nome',
  'profile.attribute.lastName': 'Sobrenome',
  'profile.attribute.displayName': 'Nome de exibição',
} satisfies CoreTable;

/** The purchase widgets' texts ride along: only a visitor who reads this language downloads them. */
export default ptBR;
