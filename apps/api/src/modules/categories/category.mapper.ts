// The Category schema every expense representation uses (OpenAPI component `Category`).
import { CATEGORY_IDS } from '@evenly/core';
import { z } from 'zod';

export const categorySchema = z.enum(CATEGORY_IDS).meta({
  id: 'Category',
  description:
    'An expense category id (GET /api/categories lists them with their labels and families). Expenses made before categories existed are `general`.',
  example: 'dining_out',
});
