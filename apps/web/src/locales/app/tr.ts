/*eslint-disable*/ import type { Messages } from '@lingui/core';
export const messages = JSON.parse(
  '{"/r9NLc":[["over","plural",{"one":[["max"]," sınırının ","#"," karakter üzerinde"],"other":[["max"]," sınırının ","#"," karakter üzerinde"]}]],"ZKZ0co":[["left","plural",{"one":["#"," karakter kaldı"],"other":["#"," karakter kaldı"]}]]}',
) as Messages;
