/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," caractère au-delà de la limite de ",["max"]],"other":["#"," caractères au-delà de la limite de ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["#"," caractère restant"],"other":["#"," caractères restants"]}]]}',
) as Messages;
