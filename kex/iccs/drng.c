/* placeholder: replaced by the ICCS implementation */
