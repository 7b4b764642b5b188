"""The Practice page (coming soon: built by a later issue)."""

import streamlit as st

st.title("Practice")
st.info("This page is coming soon.")
