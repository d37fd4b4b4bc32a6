// The icon of each expense category (lucide's stroke icons: the same 24×24, 2 px, round style as
// components/icons.tsx) and the tinted tile lists and forms show it in.
import {
  Baby,
  BedDouble,
  BrushCleaning,
  Car,
  CarTaxiFront,
  Clapperboard,
  Dumbbell,
  Fuel,
  Gamepad2,
  Gift,
  GraduationCap,
  House,
  Landmark,
  Laptop,
  Lightbulb,
  type LucideIcon,
  Music,
  PawPrint,
  Plane,
  Receipt,
  ShieldCheck,
  Shirt,
  ShoppingCart,
  Sofa,
  SprayCan,
  SquareParking,
  Stethoscope,
  TrainFront,
  Utensils,
  Wine,
  Wrench,
} from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import {
  type CategoryId,
  categoryName,
  categoryTileClass,
  toCategoryId,
} from '../../lib/categories';

const ICONS: Record<CategoryId, LucideIcon> = {
  general: Receipt,
  dining_out: Utensils,
  groceries: ShoppingCart,
  drinks: Wine,
  taxi: CarTaxiFront,
  fuel: Fuel,
  parking: SquareParking,
  public_transport: TrainFront,
  flights: Plane,
  car: Car,
  rent: House,
  utilities: Lightbulb,
  household_supplies: SprayCan,
  furniture: Sofa,
  maintenance: Wrench,
  electronics: Laptop,
  services: BrushCleaning,
  pets: PawPrint,
  games: Gamepad2,
  movies: Clapperboard,
  music: Music,
  sports: Dumbbell,
  hotel: BedDouble,
  gifts: Gift,
  medical: Stethoscope,
  clothing: Shirt,
  education: GraduationCap,
  childcare: Baby,
  insurance: ShieldCheck,
  taxes: Landmark,
};

/** The bare icon (decorative). Unknown ids draw General's. */
export function CategoryIcon({
  id,
  className,
}: {
  id: string | null | undefined;
  className?: string;
}) {
  const Icon = ICONS[toCategoryId(id)];
  return <Icon className={className} aria-hidden="true" focusable="false" strokeWidth={2} />;
}

/* eslint-disable lingui/no-unlocalized-strings -- Tailwind classes */
const tileSizes = {
  sm: 'size-8 rounded-lg [&>svg]:size-4',
  md: 'size-10 rounded-xl [&>svg]:size-5',
  lg: 'size-12 rounded-2xl [&>svg]:size-6',
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The icon on its family's tile. `labelled` names it for screen readers (an image called
 * "Category: Dining out"); leave it off where the label is written beside it.
 */
export function CategoryBadge({
  id,
  size = 'sm',
  labelled = false,
  className = '',
}: {
  id: string | null | undefined;
  size?: keyof typeof tileSizes;
  labelled?: boolean;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const name = categoryName(i18n, id);
  return (
    <span
      {...(labelled
        ? { role: 'img', 'aria-label': t`Category: ${name}` }
        : { 'aria-hidden': true })}
      data-category={toCategoryId(id)}
      className={`inline-flex shrink-0 items-center justify-center ${tileSizes[size]} ${categoryTileClass(id)} ${className}`}
    >
      <CategoryIcon id={id} />
    </span>
  );
}
