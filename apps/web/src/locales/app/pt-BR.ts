/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," caractere acima do limite de ",["max"]],"other":["#"," caracteres acima do limite de ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["#"," caractere restante"],"other":["#"," caracteres restantes"]}]]}',
) as Messages;
