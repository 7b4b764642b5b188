"""Class mode without Streamlit: the questions a teacher asks a class and the marking of the answers."""
