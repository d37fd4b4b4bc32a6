/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":["#"," teken boven de limiet van ",["max"]],"other":["#"," tekens boven de limiet van ",["max"]]}]],"ZKZ0co":[["left","plural",{"one":["Nog ","#"," teken"],"other":["Nog ","#"," tekens"]}]]}',
) as Messages;
