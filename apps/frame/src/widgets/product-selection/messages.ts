import { defineMessages } from '../../i18n/messages';

/** Product selection's texts (purchase spec §2), in every shipped language. */
export const messages = defineMessages({
  en: {
    'productSelection.title': 'Choose your plan',
    'productSelection.products': 'Products',
    'productSelection.recommended': 'Recommended',
    'productSelection.featured': 'Featured',
    'productSelection.features': 'Included',
    'productSelection.plans': 'Plans of {0}',
    'productSelection.select': 'Select',
    'productSelection.planOf': '{0} ({1})',
    'productSelection.subscribed': 'Already subscribed',
    'productSelection.submit': 'Continue',
    'productSelection.none': 'There are no products to show.',
  },
  es: {
    'productSelection.title': 'Elige tu plan',
    'productSelection.products': 'Productos',
    'productSelection.recommended': 'Recomendado',
    'productSelection.featured': 'Destacado',
    'productSelection.features': 'Incluye',
    'productSelection.plans': 'Planes de {0}',
    'productSelection.select': 'Elegir',
    'productSelection.planOf': '{0} ({1})',
    'productSelection.subscribed': 'Ya tienes esta suscripción',
    'productSelection.submit': 'Continuar',
    'productSelection.none': 'No hay productos que mostrar.',
  },
  'pt-BR': {
    'productSelection.title': 'Escolha seu plano',
    'productSelection.products': 'Produtos',
    'productSelection.recommended': 'Recomendado',
    'productSelection.featured': 'Destaque',
    'productSelection.features': 'Inclui',
    'productSelection.plans': 'Planos de {0}',
    'productSelection.select': 'Selecionar',
    'productSelection.planOf': '{0} ({1})',
    'productSelection.subscribed': 'Você já tem esta assinatura',
    'productSelection.submit': 'Continuar',
    'productSelection.none': 'Não há produtos para mostrar.',
  },
});
